import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { fileApiPath } from '@shared/professional/files';
import {
  CREDENTIAL_DOCUMENT_MAX_BYTES,
  credentialDocumentAccept,
  credentialKindLabels,
  credentialKinds,
  credentialTexts,
  type RequiredCredentialState,
} from '@shared/trust/credentials-constants';
import {
  newCredentialSchema,
  type CredentialDto,
  type CredentialListDto,
} from '@shared/trust/credentials';
import { Banner } from '@web/components/ui/banner';
import { Button } from '@web/components/ui/button';
import { ConfirmDialog } from '@web/components/ui/confirm-dialog';
import { SelectField, TextField } from '@web/components/ui/form-field';
import { QueryState } from '@web/components/ui/query-state';
import { errorText } from '@web/lib/error-text';
import {
  useAddCredential,
  useOwnCredentials,
  useRemoveCredential,
  useUpdateCredential,
} from '../api/credentials';

type FormInput = z.input<typeof newCredentialSchema>;
type FormOutput = z.output<typeof newCredentialSchema>;

const texts = credentialTexts;

const statusStyles: Record<CredentialDto['status'] | 'expired', string> = {
  pending: 'bg-amber-100 text-amber-900',
  verified: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-red-100 text-red-900',
  expired: 'bg-red-100 text-red-900',
};

const requiredStyles: Record<RequiredCredentialState, string> = {
  valid: 'text-emerald-800',
  pending: 'text-amber-900',
  missing: 'text-slate-700',
  expired: 'text-red-800 font-semibold',
};

/** The professional's Credentials page: the required ones, the list, add and edit. */
export function CredentialsSection() {
  const list = useOwnCredentials();
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="credentials-heading" className="space-y-4">
      <h1 id="credentials-heading" className="text-2xl font-bold text-ink">
        {texts.title}
      </h1>
      <p className="text-slate-700">{texts.intro}</p>
      <QueryState query={list} failed={texts.loadFailed}>
        {(data) => (
          <div className="space-y-4">
            <RequiredCard required={data.required} />
            {adding ? (
              <CredentialForm onDone={() => setAdding(false)} />
            ) : (
              <Button onClick={() => setAdding(true)}>{texts.add}</Button>
            )}
            {data.credentials.length === 0 ? (
              <p className="rounded-lg border border-slate-200 bg-white p-4 text-slate-700">
                {texts.empty}
              </p>
            ) : (
              <ul className="space-y-3" aria-label={texts.title}>
                {data.credentials.map((credential) => (
                  <li key={credential.id}>
                    <CredentialCard credential={credential} />
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}
      </QueryState>
    </section>
  );
}

function RequiredCard({ required }: { required: CredentialListDto['required'] }) {
  if (required.length === 0) return null;
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="text-lg font-semibold text-ink">{texts.requiredTitle}</h2>
      <ul className="mt-2 space-y-1 text-sm">
        {required.map((item) => (
          <li key={item.kind}>
            <span className="font-medium text-ink">{item.name}</span>:{' '}
            <span className={requiredStyles[item.state]}>{texts.requiredState[item.state]}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StatusBadge({ credential }: { credential: CredentialDto }) {
  const key = credential.expired ? 'expired' : credential.status;
  const label = credential.expired ? texts.expired : texts.statusLabels[credential.status];
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusStyles[key]}`}>
      {label}
    </span>
  );
}

function CredentialCard({ credential }: { credential: CredentialDto }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useRemoveCredential();
  const headingId = useId();
  if (editing) return <CredentialForm credential={credential} onDone={() => setEditing(false)} />;
  const expiry = credential.expiresOn
    ? credential.expired
      ? texts.expiredOn(credential.expiresOn)
      : texts.expiresOn(credential.expiresOn)
    : texts.unknownExpiry;
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={headingId} className="break-words text-base font-semibold text-ink">
          {credential.name}
        </h2>
        <StatusBadge credential={credential} />
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">{texts.number}</dt>
          <dd className="break-words text-ink">{credential.number}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{texts.issuingState}</dt>
          <dd className="text-ink">{credential.issuingState}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{texts.expiryLabel}</dt>
          <dd className={credential.expired || !credential.expiresOn ? 'text-red-800' : 'text-ink'}>
            {expiry}
          </dd>
        </div>
      </dl>
      {credential.status === 'rejected' && credential.decisionReason ? (
        <p className="mt-2 text-sm text-red-800">{credential.decisionReason}</p>
      ) : null}
      <p className="mt-2 text-sm">
        {credential.document ? (
          <a
            className="font-medium text-brand-700 underline"
            href={fileApiPath(credential.document.id)}
            target="_blank"
            rel="noreferrer"
          >
            {texts.viewDocument}
            <span className="sr-only">: {credential.document.name}</span>
          </a>
        ) : (
          <span className="text-slate-600">{texts.noDocument}</span>
        )}
      </p>
      {credential.expired ? (
        <p className="mt-3 text-sm text-slate-700">{texts.expiredKept}</p>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-label={`${texts.edit} ${credential.name}`}
            onClick={() => setEditing(true)}
          >
            {texts.edit}
          </Button>
          {!credential.removable ? null : (
            <Button
              variant="ghost"
              aria-label={`${texts.remove} ${credential.name}`}
              onClick={() => setConfirming(true)}
            >
              {texts.remove}
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={texts.removeConfirm}
        description={credential.name}
        confirmLabel={texts.remove}
        pending={remove.isPending}
        onConfirm={() =>
          remove.mutate(credential.id, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(texts.removed);
            },
            onError: (error) => toast.error(errorText(error, texts.saveFailed)),
          })
        }
      />
    </article>
  );
}

/** Add (no `credential`) or edit one credential, with its document, on one card. */
function CredentialForm({
  credential,
  onDone,
}: {
  credential?: CredentialDto;
  onDone: () => void;
}) {
  const add = useAddCredential();
  const update = useUpdateCredential();
  const [document, setDocument] = useState<File | null>(null);
  const [documentError, setDocumentError] = useState<string | null>(null);
  const fileId = useId();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(newCredentialSchema),
    defaultValues: {
      kind: credential?.kind ?? ('' as FormInput['kind']),
      otherName: credential?.otherName ?? '',
      number: credential?.number ?? '',
      issuingState: credential?.issuingState ?? 'NJ',
      expiresOn: credential?.expiresOn ?? '',
    },
  });
  const kind = useWatch({ control: form.control, name: 'kind' });
  const pending = add.isPending || update.isPending;
  const failure = add.error ?? update.error;
  const errors = form.formState.errors;
  const title = credential ? `${texts.edit}: ${credential.name}` : texts.add;

  const submit = form.handleSubmit((values) => {
    if (!credential && !document) {
      setDocumentError(texts.documentHint);
      return;
    }
    const done = {
      onSuccess: () => {
        toast.success(texts.saved);
        onDone();
      },
    };
    if (credential) {
      update.mutate(
        {
          id: credential.id,
          input: {
            number: values.number,
            issuingState: values.issuingState,
            expiresOn: values.expiresOn,
            ...(credential.kind === 'other' ? { otherName: values.otherName } : {}),
          },
          document,
        },
        done,
      );
    } else {
      add.mutate({ input: values, document }, done);
    }
  });

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={submit}
      className="space-y-4 rounded-lg border border-brand-200 bg-white p-4 shadow-sm"
    >
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      {credential ? <p className="text-sm text-slate-700">{texts.editResets}</p> : null}
      {failure ? <Banner tone="error">{errorText(failure, texts.saveFailed)}</Banner> : null}
      {credential ? null : (
        <SelectField
          label={texts.kind}
          required
          placeholder={texts.kindRequired}
          options={credentialKinds.map((value) => ({
            value,
            label: credentialKindLabels[value],
          }))}
          error={errors.kind?.message}
          {...form.register('kind')}
        />
      )}
      {kind === 'other' ? (
        <TextField
          label={texts.otherName}
          required
          error={errors.otherName?.message}
          {...form.register('otherName')}
        />
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <TextField
          label={texts.number}
          required
          autoComplete="off"
          error={errors.number?.message}
          {...form.register('number')}
        />
        <TextField
          label={texts.issuingState}
          required
          maxLength={2}
          autoCapitalize="characters"
          error={errors.issuingState?.message}
          {...form.register('issuingState')}
        />
        <TextField
          label={texts.expiryLabel}
          type="date"
          required
          error={errors.expiresOn?.message}
          {...form.register('expiresOn')}
        />
      </div>
      <div className="space-y-1">
        <label htmlFor={fileId} className="text-sm font-medium text-slate-800">
          {credential ? texts.replaceDocument : texts.document}
          {credential ? null : (
            <span aria-hidden="true" className="text-red-700">
              {' '}
              *
            </span>
          )}
        </label>
        <input
          id={fileId}
          type="file"
          accept={credentialDocumentAccept}
          aria-describedby={`${fileId}-hint`}
          aria-invalid={documentError ? true : undefined}
          className="block w-full text-sm text-ink file:mr-3 file:rounded-md file:border file:border-slate-400 file:bg-white file:px-3 file:py-2 file:font-semibold"
          onChange={(event) => {
            const file = event.currentTarget.files?.[0] ?? null;
            setDocumentError(
              file && file.size > CREDENTIAL_DOCUMENT_MAX_BYTES ? texts.documentTooLarge : null,
            );
            setDocument(file && file.size <= CREDENTIAL_DOCUMENT_MAX_BYTES ? file : null);
          }}
        />
        <p id={`${fileId}-hint`} className="text-xs text-slate-600">
          {texts.documentHint}
        </p>
        {documentError ? <p className="text-sm text-red-700">{documentError}</p> : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={pending} onClick={onDone}>
          {texts.cancel}
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? texts.saving : texts.save}
        </Button>
      </div>
    </form>
  );
}
