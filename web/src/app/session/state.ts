import { atom } from 'jotai';

export const profileModalOpenAtom = atom(false);

/** Set when the trial countdown reaches zero: the expired modal opens and the next navigation goes to login. */
export const trialJustExpiredAtom = atom(false);
