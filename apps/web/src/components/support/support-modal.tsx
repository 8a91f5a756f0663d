import { supportEmailForHost } from '@casino/contract';
import { ArrowUpRight, Mail, MessageCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { liveChatUrl, supportBotUrl } from '@/lib/support-links';
import { CopyButton } from '../copy-button';
import { MessengerIcon } from '../icons/social-icons';
import { Dialog, DialogContent, DialogTrigger } from '../ui/dialog';

function SupportLink({
  href,
  icon,
  title,
  hint,
}: {
  href: string;
  icon: ReactNode;
  title: string;
  hint: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="group flex items-center gap-3 rounded-xl border border-ink-700 bg-ink-800 p-3 transition-colors hover:border-brand-500/60 hover:bg-ink-750"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-500/15 text-brand-300">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-ink-100">{title}</span>
        <span className="block text-xs text-ink-300">{hint}</span>
      </span>
      <ArrowUpRight
        className="size-4 text-ink-400 transition-colors group-hover:text-ink-100"
        aria-hidden="true"
      />
    </a>
  );
}

export function SupportModalBody() {
  const { t, i18n } = useTranslation();
  const email = supportEmailForHost(window.location.host);
  return (
    <div className="flex flex-col gap-2.5">
      <SupportLink
        href={liveChatUrl(i18n.resolvedLanguage ?? 'en')}
        icon={<MessageCircle className="size-5" aria-hidden="true" />}
        title={t('Support.live_chat')}
        hint={t('Support.live_chat_hint')}
      />
      <SupportLink
        href={supportBotUrl}
        icon={<MessengerIcon />}
        title={t('Support.bot')}
        hint={t('Support.bot_hint')}
      />
      <div className="flex items-center gap-3 rounded-xl border border-ink-700 bg-ink-800 p-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-500/15 text-brand-300">
          <Mail className="size-5" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block text-xs text-ink-300">{t('Support.email_hint')}</span>
          <a
            href={`mailto:${email}`}
            className="block truncate text-sm font-semibold text-ink-100 hover:text-brand-300"
          >
            {email}
          </a>
        </span>
        <CopyButton value={email} label={t('Support.copy_email')} />
      </div>
    </div>
  );
}

/** Live chat, the messenger support bot and the support e-mail of this host. */
export function SupportModal({ trigger }: { trigger: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Dialog>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent title={t('Support.modal_title')} description={t('Support.modal_description')}>
        <SupportModalBody />
      </DialogContent>
    </Dialog>
  );
}
