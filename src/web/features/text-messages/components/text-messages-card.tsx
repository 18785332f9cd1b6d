import { SettingsCard } from '@web/components/ui/settings-card';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import {
  textCodeSchema,
  textMessageTexts as m,
  textPhoneSchema,
  type TextCodeInput,
  type TextPhoneInput,
} from '@shared/marketplace/text-messages';
import type { TextMessageSettingsReply } from '@shared/marketplace/text-message-replies';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { TextField } from '@web/components/ui/form-field';
import { QueryState } from '@web/components/ui/query-state';
import { ApiError } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-text';
import { applyServerFieldErrors } from '@web/lib/server-field-errors';
import { useConfirmTextCode } from '../api/confirm-text-code';
import { useRemoveTextNumber } from '../api/remove-text-number';
import { useSendTextCode } from '../api/send-text-code';
import { useSwitchTexts } from '../api/switch-texts';
import { useTextMessageSettings } from '../api/text-message-settings';

/** A refusal for the banner: none when the server named the field (it is shown under it). */
function bannerText(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError && Object.keys(error.fields).length > 0) return null;
  return errorText(error, fallback);
}

/** A text naming a phone number, the number kept on one line: '(201) 555-0456' stays whole. */
function WithNumber({ text, phone }: { text: (phone: string) => string; phone: string }) {
  const [before, after] = text('\u0000').split('\u0000');
  return (
    <>
      {before}
      <span className="whitespace-nowrap">{phone}</span>
      {after}
    </>
  );
}

/**
 * Text messages: a mobile number confirmed with a texted code, then a switch for the texts
 * (booking confirmations, cancellations, reminders), another number or none; what a STOP reply
 * from the number means.
 */
export function TextMessagesCard() {
  const settings = useTextMessageSettings();
  return (
    <SettingsCard title={m.title} intro={m.hint}>
      <QueryState
        query={settings}
        failed={m.loadFailed}
        loadingText="Loading your text message settings…"
      >
        {(reply) => <TextMessageSettings reply={reply} />}
      </QueryState>
    </SettingsCard>
  );
}

function TextMessageSettings({ reply }: { reply: TextMessageSettingsReply }) {
  // The number form while there is a number: changing it.
  const [changing, setChanging] = useState(false);
  const showNumberForm = reply.status === 'none' || changing;
  return (
    <div className="space-y-4">
      {reply.optedOut && reply.phone ? (
        <Banner tone="error">{m.optedOut(reply.phone)}</Banner>
      ) : null}
      {showNumberForm ? (
        <NumberForm
          initial={changing ? '' : reply.phone || reply.suggestedPhone}
          onSent={() => setChanging(false)}
          onCancel={reply.status === 'none' ? undefined : () => setChanging(false)}
        />
      ) : reply.status === 'pending' ? (
        <CodeForm reply={reply} onOtherNumber={() => setChanging(true)} />
      ) : (
        <ConfirmedNumber reply={reply} onChange={() => setChanging(true)} />
      )}
    </div>
  );
}

function NumberForm({
  initial,
  onSent,
  onCancel,
}: {
  initial: string;
  onSent: () => void;
  onCancel?: () => void;
}) {
  const send = useSendTextCode();
  const form = useForm<TextPhoneInput>({
    resolver: zodResolver(textPhoneSchema),
    defaultValues: { phone: initial },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      onSent();
    } catch (error) {
      applyServerFieldErrors(error, values, form.setError);
    }
  });
  const failure = send.isError ? bannerText(send.error, m.sendFailed) : null;
  return (
    <form noValidate onSubmit={onSubmit} aria-label={m.title} className="max-w-md space-y-4">
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <TextField
        label={m.phoneLabel}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        required
        hint={m.phoneHint}
        error={form.formState.errors.phone?.message}
        {...form.register('phone')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={send.isPending}>
          {send.isPending ? m.sendingCode : m.sendCode}
        </Button>
        {onCancel ? (
          <Button type="button" variant="secondary" onClick={onCancel} disabled={send.isPending}>
            Cancel
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** Seconds until `iso` (0 once it has passed), counted down once a second. */
function useSecondsUntil(iso: string): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}

function CodeForm({
  reply,
  onOtherNumber,
}: {
  reply: TextMessageSettingsReply;
  onOtherNumber: () => void;
}) {
  const confirm = useConfirmTextCode();
  const resend = useSendTextCode();
  const code = reply.code!;
  const resendIn = useSecondsUntil(code.resendAt);
  const form = useForm<TextCodeInput>({
    resolver: zodResolver(textCodeSchema),
    defaultValues: { code: '' },
  });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync(values);
      toast.success(m.confirmed(reply.phone!));
    } catch (error) {
      applyServerFieldErrors(error, values, form.setError);
    }
  });
  const sendAgain = () => {
    form.reset({ code: '' });
    confirm.reset();
    resend.mutate({ phone: reply.phone! });
  };
  const failure =
    (confirm.isError ? bannerText(confirm.error, m.confirmFailed) : null) ??
    (resend.isError ? bannerText(resend.error, m.sendFailed) : null);
  return (
    <form noValidate onSubmit={onSubmit} aria-label={m.title} className="max-w-md space-y-4">
      <p className="text-ink">
        <WithNumber text={m.codeSent} phone={reply.phone!} />
      </p>
      {code.delivery === 'sending' ? (
        <p role="status" className="text-sm text-slate-700">
          {m.codeSending}
        </p>
      ) : null}
      {code.delivery === 'failed' && !reply.optedOut ? (
        <Banner tone="error">{m.codeNotDelivered}</Banner>
      ) : null}
      {failure ? <Banner tone="error">{failure}</Banner> : null}
      <TextField
        label={m.codeLabel}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={12}
        required
        error={form.formState.errors.code?.message}
        {...form.register('code')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={confirm.isPending}>
          {confirm.isPending ? m.confirming : m.confirm}
        </Button>
        <Button
          type="button"
          variant="secondary"
          onClick={sendAgain}
          disabled={resend.isPending || resendIn > 0}
        >
          {m.resend}
        </Button>
        <Button type="button" variant="secondary" onClick={onOtherNumber}>
          {m.useOtherNumber}
        </Button>
      </div>
      {resendIn > 0 ? <p className="text-sm text-slate-600">{m.resendAfter(resendIn)}</p> : null}
    </form>
  );
}

function ConfirmedNumber({
  reply,
  onChange,
}: {
  reply: TextMessageSettingsReply;
  onChange: () => void;
}) {
  const toggle = useSwitchTexts();
  const remove = useRemoveTextNumber();
  const [removing, setRemoving] = useState(false);
  const switchId = useId();
  const hintId = useId();
  const flip = (enabled: boolean) =>
    toggle.mutate(
      { enabled },
      {
        onSuccess: () => toast.success(enabled ? m.switchedOn : m.switchedOff),
        onError: (error) => toast.error(errorText(error, m.saveFailed)),
      },
    );
  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setRemoving(false);
        toast.success(m.removed);
      },
      onError: (error) => {
        setRemoving(false);
        toast.error(errorText(error, m.saveFailed));
      },
    });
  return (
    <div className="space-y-4">
      <p className="text-ink">{m.confirmed(reply.phone!)}</p>
      <div className="flex items-start gap-3">
        <button
          id={switchId}
          type="button"
          role="switch"
          aria-checked={reply.enabled}
          aria-describedby={hintId}
          disabled={toggle.isPending}
          onClick={() => flip(!reply.enabled)}
          className={`relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-60 ${
            reply.enabled ? 'bg-brand-600' : 'bg-slate-400'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block h-5 w-5 rounded-full bg-white shadow transition-transform ${
              reply.enabled ? 'translate-x-5' : 'translate-x-0.5'
            }`}
          />
        </button>
        <div>
          <label htmlFor={switchId} className="font-medium text-ink">
            {m.switchLabel}
          </label>
          <p id={hintId} className="text-sm text-slate-700">
            {m.switchHint}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" onClick={onChange}>
          {m.changeNumber}
        </Button>
        <Button type="button" variant="secondary" onClick={() => setRemoving(true)}>
          {m.remove}
        </Button>
      </div>
      <ConfirmDialog
        open={removing}
        onOpenChange={setRemoving}
        title={m.removeTitle}
        description={m.removeBody}
        confirmLabel={m.remove}
        onConfirm={confirmRemove}
        pending={remove.isPending}
      />
    </div>
  );
}
