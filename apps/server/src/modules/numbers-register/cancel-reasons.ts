/**
 * Why a number holds no sale (DESIGN §5, the numbers register): the words stored in `cancel_reason`, or
 * derived when the register is read. The first is the migration's backfill wording, kept so old and new
 * rows read alike.
 */
export const CANCELLED_BEFORE_SENDING = 'Supprimée avant tout envoi';

/** An issued document whose credit notes reach its total: cancelled by the one that completed it. */
export const cancelledByCreditNote = (creditNoteNumero: string) => `Annulée par l’avoir ${creditNoteNumero}`;

/** The longest reason a user may give when deleting an unsent document. */
export const CANCEL_REASON_MAX = 300;
