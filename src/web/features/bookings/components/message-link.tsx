import { MessageSquare } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { conversationPath, messageTexts } from '@shared/conversations/conversations-constants';
import { buttonClass } from '@web/components/ui/button';

/**
 * 'Message': opens the conversation about a shift between its practice and one professional
 * (an applicant or the booked one), in the portal the page is in (decision record 025).
 */
export function MessageLink({
  side,
  shiftId,
  professionalId,
  name,
}: {
  side: 'practice' | 'professional';
  shiftId: string;
  /** The professional (any value on the professional's side: they are the one). */
  professionalId: string;
  /** Who the message goes to, for the accessible name. */
  name: string;
}) {
  const { pathname } = useLocation();
  const portalPath = `/${pathname.split('/')[1] ?? ''}`;
  return (
    <Link
      to={conversationPath(portalPath, side, shiftId, professionalId)}
      className={buttonClass('secondary', 'px-3 py-1.5 text-sm')}
      aria-label={messageTexts.openWith(name)}
    >
      <MessageSquare className="h-4 w-4" aria-hidden="true" />
      {messageTexts.open}
    </Link>
  );
}
