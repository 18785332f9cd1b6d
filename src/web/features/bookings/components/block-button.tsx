import { Ban } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { blockMessages, type BlockSide } from '@shared/trust/blocks-constants';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { errorText } from '@web/lib/error-text';
import { useBlock } from '../api/blocks';

/**
 * Blocks a professional (on behalf of a practice, `side` 'practice') or a practice (on behalf of
 * a professional), after a confirmation that says what a block does. `onBlocked` runs once it
 * is saved (e.g. to close the dialog the button sits in).
 */
export function BlockButton({
  side,
  id,
  name,
  onBlocked,
}: {
  side: BlockSide;
  /** The professional's or the practice's id. */
  id: string;
  name: string;
  onBlocked?: () => void;
}) {
  const block = useBlock(side);
  const [confirming, setConfirming] = useState(false);
  const texts = blockMessages[side];
  const confirm = async () => {
    try {
      await block.mutateAsync({ id, block: true });
      setConfirming(false);
      toast.success(texts.done(name));
      onBlocked?.();
    } catch (error) {
      setConfirming(false);
      toast.error(errorText(error, blockMessages.blockFailed));
    }
  };
  return (
    <>
      <Button
        variant="secondary"
        className="px-3 py-1.5 text-sm"
        aria-label={`${texts.action}: ${name}`}
        onClick={() => setConfirming(true)}
      >
        <Ban className="h-4 w-4" aria-hidden="true" />
        {texts.action}
      </Button>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={texts.confirmTitle(name)}
        description={texts.confirmBody}
        confirmLabel={blockMessages.confirm}
        onConfirm={() => void confirm()}
        pending={block.isPending}
      />
    </>
  );
}
