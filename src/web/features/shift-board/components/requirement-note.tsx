import { Link } from 'react-router';
import type { ShiftBoardReply } from '@shared/professional/professional-replies';
import { requirementTexts } from '@shared/trust/requirements-constants';

/**
 * Which requirement keeps shifts near them from the professional (decision record 022): how many
 * shifts fit them but need it, and where to add it (Credentials, or the profile's skills).
 */
export function RequirementNote({ note }: { note: ShiftBoardReply['requirementNote'] }) {
  if (!note) return null;
  return (
    <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {requirementTexts.boardHidden(note.shifts, note.label)}{' '}
      <Link
        to={note.credential ? '../credentials' : '../profile'}
        relative="path"
        className="font-semibold text-brand-800 underline"
      >
        {note.credential
          ? requirementTexts.boardHiddenAction
          : requirementTexts.boardHiddenSkillAction}
      </Link>
    </p>
  );
}
