import type { LucideIcon } from 'lucide-react';
import FileCheck from 'lucide-react/icons/file-check';
import ListChecks from 'lucide-react/icons/list-checks';
import Scale from 'lucide-react/icons/scale';
import Send from 'lucide-react/icons/send';
import Users from 'lucide-react/icons/users';

export interface CarouselSlide {
  icon: LucideIcon;
  title: string;
  text: string;
  points: readonly string[];
}

/** The five things a freelancer does most with Facturo, one per slide. */
export const CAROUSEL_SLIDES: readonly CarouselSlide[] = [
  {
    icon: FileCheck,
    title: 'Des factures Factur-X',
    text: 'Un PDF que tout le monde sait lire, avec à l’intérieur les données structurées que la réforme demande.',
    points: ['PDF/A-3 avec XML EN 16931', 'Prêt pour 2026–2027', 'Aucune manipulation de votre part'],
  },
  {
    icon: ListChecks,
    title: 'Le suivi des statuts',
    text: 'Voyez d’un coup d’œil ce qui est en brouillon, ce qui est parti et ce qui est payé.',
    points: ['Brouillon, envoyée, payée', 'Date de paiement enregistrée', 'Filtres par statut'],
  },
  {
    icon: Send,
    title: 'L’envoi par email',
    text: 'Envoyez la facture depuis Facturo, avec l’objet et le message de votre choix.',
    points: ['PDF joint au message', 'Message personnalisé', 'Ou envoi sur Facturo'],
  },
  {
    icon: Users,
    title: 'Vos clients, à portée de main',
    text: 'Un carnet d’adresses pour ne plus jamais ressaisir une adresse ou un email.',
    points: ['Ajout pendant la création d’une facture', 'Particuliers et entreprises', 'Factures par client'],
  },
  {
    icon: Scale,
    title: 'Les mentions légales',
    text: 'Les mentions obligatoires d’une facture de micro-entrepreneur sont imprimées pour vous.',
    points: ['TVA non applicable, art. 293 B du CGI', 'Pénalités de retard', 'Indemnité forfaitaire de 40 €'],
  },
];
