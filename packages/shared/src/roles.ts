export const ROLES = ['professionnel', 'particulier'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  professionnel: 'Compte professionnel',
  particulier: 'Compte particulier',
};

export const PLANS = ['essai', 'gratuit', 'premium', 'business'] as const;
export type Plan = (typeof PLANS)[number];
