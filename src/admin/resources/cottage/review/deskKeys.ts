/**
 * The desk's keyboard: which key does what, and when keys are not the desk's (typing in a field, a dialog open, a
 * modifier held: the browser's and the screen reader's shortcuts stay theirs).
 */
type DeskAction = 'approve' | 'reject' | 'skip' | 'next' | 'prev' | 'edit' | 'help';

export const DESK_KEYS: Record<DeskAction, string> = {
  approve: 'A',
  reject: 'R',
  skip: 'S',
  next: 'J',
  prev: 'K',
  edit: 'E',
  help: '?',
};

const BY_KEY = new Map(Object.entries(DESK_KEYS).map(([action, key]) => [key.toLowerCase(), action as DeskAction]));

/** Whether the event's target is a place where the user types, or inside a dialog. */
function inTypingPlace(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('input, textarea, select, [contenteditable=""], [contenteditable="true"]')) return true;
  return Boolean(target.closest('[role="dialog"], [role="alertdialog"]'));
}

/** The desk action of a key press, or null when the key is not the desk's here. */
export function deskActionOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target' | 'repeat'>): DeskAction | null {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  if (inTypingPlace(event.target)) return null;
  const action = BY_KEY.get(event.key.toLowerCase()) ?? null;
  // A held key repeats: fine for leafing through photos, never for a decision.
  return event.repeat && action !== 'next' && action !== 'prev' ? null : action;
}
