import {
  gameLabels,
  type SeamlessGame,
  type SeamlessProvider,
  seamlessGameInputSchema,
  seamlessProviderCreateBodySchema,
  seamlessProviderUpdateBodySchema,
  seamlessSignatureSchemes,
} from '@casino/contract';
import { type FormEvent, useState } from 'react';
import { FormDialog } from '@/components/form-dialog.tsx';
import { CheckboxField } from '@/components/form-support.tsx';
import { Field, InputField, Select, TextareaField } from '@/components/ui/field.tsx';
import { ApiError, api, errorMessage, readable } from '@/lib/api.ts';

type Errors = Record<string, string>;

/** A zod result's issues, or a 400's field errors, by field name (the first message each). */
function issuesOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Errors {
  const result: Errors = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || 'form';
    result[field] ??= readable(issue.message);
  }
  return result;
}

function serverErrors(error: unknown): Errors {
  if (error instanceof ApiError && error.errors) {
    return Object.fromEntries(
      Object.entries(error.errors).map(([field, messages]) => [
        field || 'form',
        messages.join(', '),
      ]),
    );
  }
  return { form: errorMessage(error) };
}

const currencyList = (text: string) =>
  text
    .split(/[\s,]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);

/**
 * Connects a game aggregator (`POST /seamless/providers`) or changes its account (`PATCH
 * …/{id}`): the signature scheme with the provider's public key or the shared secret (written,
 * never shown again), its currencies, the session lifetime, on or off.
 */
export function ProviderDialog({
  provider,
  open,
  onOpenChange,
  onSaved,
}: {
  /** null: connect a new one */
  provider: SeamlessProvider | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: (saved: SeamlessProvider) => void;
}) {
  const [id, setId] = useState(provider?.id ?? '');
  const [name, setName] = useState(provider?.name ?? '');
  const [scheme, setScheme] = useState<string>(provider?.signatureScheme ?? 'rsa_sha256');
  const [publicKey, setPublicKey] = useState(provider?.providerPublicKey ?? '');
  const [secret, setSecret] = useState('');
  const [currencies, setCurrencies] = useState(provider?.currencies.join(', ') ?? 'USD, EUR');
  const [ttlMinutes, setTtlMinutes] = useState(
    String(Math.round((provider?.sessionTtlSeconds ?? 6 * 3600) / 60)),
  );
  const [enabled, setEnabled] = useState(provider?.enabled ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const fields = {
      name: name.trim(),
      signatureScheme: scheme,
      ...(scheme === 'rsa_sha256' && publicKey.trim() !== ''
        ? { providerPublicKey: publicKey.trim() }
        : {}),
      ...(scheme === 'hmac_sha256' && secret !== '' ? { hmacSecret: secret } : {}),
      currencies: currencyList(currencies),
      sessionTtlSeconds: Math.round(Number(ttlMinutes) * 60),
      enabled,
    };
    const parsed = provider
      ? seamlessProviderUpdateBodySchema.safeParse(fields)
      : seamlessProviderCreateBodySchema.safeParse({ id: id.trim(), ...fields });
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues));
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const saved = provider
        ? await api<SeamlessProvider>(`/seamless/providers/${provider.id}`, {
            method: 'PATCH',
            body: parsed.data,
          })
        : await api<SeamlessProvider>('/seamless/providers', { method: 'POST', body: parsed.data });
      onSaved(saved);
      onOpenChange(false);
    } catch (failure) {
      setErrors(serverErrors(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={provider ? `Edit ${provider.name}` : 'Connect an aggregator'}
      description="Its wallet requests are verified with its key or shared secret; our signed answers with our key, shown once connected."
      className="max-w-xl"
      formClassName="flex flex-col gap-3"
      onSubmit={submit}
      noValidate={false}
      error={errors.form}
      submitLabel={provider ? 'Save' : 'Connect'}
      submitting={busy}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <InputField
          label="Provider id"
          hint="Lower case, digits, dashes"
          error={errors.id}
          value={id}
          disabled={provider !== null}
          onChange={(event) => setId(event.target.value)}
        />
        <InputField
          label="Name"
          error={errors.name}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
        <Field label="Signature scheme" error={errors.signatureScheme}>
          {(props) => (
            <Select {...props} value={scheme} onChange={(event) => setScheme(event.target.value)}>
              {seamlessSignatureSchemes.map((option) => (
                <option key={option} value={option}>
                  {option === 'rsa_sha256'
                    ? 'RSA-SHA256 (its public key)'
                    : 'HMAC-SHA256 (a secret)'}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <InputField
          label="Session lifetime (minutes)"
          error={errors.sessionTtlSeconds}
          inputMode="numeric"
          value={ttlMinutes}
          onChange={(event) => setTtlMinutes(event.target.value)}
        />
      </div>
      {scheme === 'rsa_sha256' ? (
        <TextareaField
          label="The provider's public key (PEM)"
          error={errors.providerPublicKey}
          inputClassName="min-h-28 font-mono text-xs"
          value={publicKey}
          onChange={(event) => setPublicKey(event.target.value)}
        />
      ) : (
        <InputField
          label="Shared secret"
          hint={
            provider?.hasHmacSecret
              ? 'A secret is set; type a new one to replace it'
              : '32 characters at least; never shown again'
          }
          error={errors.hmacSecret}
          type="password"
          autoComplete="off"
          value={secret}
          onChange={(event) => setSecret(event.target.value)}
        />
      )}
      <InputField
        label="Currencies"
        hint="Codes, separated by commas"
        error={errors.currencies}
        value={currencies}
        onChange={(event) => setCurrencies(event.target.value)}
      />
      <CheckboxField
        label="Enabled"
        checked={enabled}
        onChange={(event) => setEnabled(event.target.checked)}
      />
    </FormDialog>
  );
}

/**
 * Adds or changes one of an aggregator's games in the catalog (`PUT …/{id}/games` with that one
 * game: an existing id is updated).
 */
export function ProviderGameDialog({
  provider,
  game,
  open,
  onOpenChange,
  onSaved,
}: {
  provider: SeamlessProvider;
  /** null: a new game */
  game: SeamlessGame | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const [values, setValues] = useState({
    id: game?.id ?? '',
    gameCode: game?.gameCode ?? '',
    title: game?.title ?? '',
    launchUrl: game?.launchUrl ?? 'https://',
    imageUrl: game?.imageUrl ?? '',
    rtp: game?.rtp ?? '0.9600',
    studioId: game?.studioId ?? provider.id,
    label: game?.label ?? '',
  });
  const [enabled, setEnabled] = useState(game?.enabled ?? true);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues({ ...values, [field]: event.target.value });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = seamlessGameInputSchema.safeParse({
      ...values,
      id: values.id.trim(),
      title: values.title.trim(),
      studioId: values.studioId.trim() || undefined,
      label: values.label === '' ? null : values.label,
      enabled,
    });
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues));
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      await api(`/seamless/providers/${provider.id}/games`, {
        method: 'PUT',
        body: { games: [parsed.data] },
      });
      onSaved();
      onOpenChange(false);
    } catch (failure) {
      // the server names the game's fields under games.0.…
      const found = serverErrors(failure);
      setErrors(
        Object.fromEntries(
          Object.entries(found).map(([field, message]) => [
            field.replace(/^games\.0\./, ''),
            message,
          ]),
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  const text = (field: keyof typeof values, label: string, hint?: string) => (
    <InputField
      label={label}
      hint={hint}
      error={errors[field]}
      value={values[field]}
      disabled={field === 'id' && game !== null}
      onChange={set(field)}
    />
  );
  return (
    <FormDialog
      open={open}
      onClose={() => onOpenChange(false)}
      title={game ? `Edit ${game.title}` : `Add a game of ${provider.name}`}
      className="max-w-xl"
      formClassName="flex flex-col gap-3"
      onSubmit={submit}
      noValidate={false}
      error={errors.form}
      submitLabel={game ? 'Save' : 'Add game'}
      submitting={busy}
    >
      <div className="grid gap-3 sm:grid-cols-2">
        {text('id', 'Catalog id', 'Lower case, digits, dashes')}
        {text('gameCode', 'Provider’s game code')}
        {text('title', 'Title')}
        {text('studioId', 'Studio id', 'The catalog’s studio; the provider itself if empty')}
        {text('rtp', 'RTP', 'A fraction, e.g. 0.9650')}
        <Field label="Label" error={errors.label}>
          {(props) => (
            <Select {...props} value={values.label} onChange={set('label')}>
              <option value="">None</option>
              {gameLabels.map((label) => (
                <option key={label} value={label}>
                  {label.replace('_', ' ')}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      {text('launchUrl', 'Launch URL', 'The session token, currency and language are appended')}
      {text('imageUrl', 'Image URL or path')}
      <CheckboxField
        label="Enabled"
        checked={enabled}
        onChange={(event) => setEnabled(event.target.checked)}
      />
    </FormDialog>
  );
}
