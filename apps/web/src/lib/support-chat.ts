import { type SupportChatConfig, supportChatLocation } from '@casino/contract';
import {
  getSupportChatUser,
  onSupportChatUserChange,
  type SupportChatUser,
} from './support-chat-user';

/**
 * The external support chat widget (Chatwoot's self-hostable one by default), loaded on demand:
 * its script is added once, when a player first asks for the live chat, with the location code
 * of the language (shell spec §7: en → loc_eng, hi and hi-en → loc_id, kk → loc_kz, uk → loc_ua,
 * others → loc_{lang}), and the signed-in player is identified to it (`setUser`, with the HMAC
 * identity hash when the server's identity validation is configured).
 */

/** The part of Chatwoot's `window.$chatwoot` the app uses. */
export interface ChatWidget {
  toggle(state?: 'open' | 'close'): void;
  setUser(identifier: string, user: { name?: string; identifier_hash?: string }): void;
  setCustomAttributes(attributes: Record<string, string>): void;
  setLocale(locale: string): void;
  reset(): void;
}

interface ChatWindow {
  chatwootSettings?: Record<string, unknown>;
  chatwootSDK?: { run(options: { websiteToken: string; baseUrl: string }): void };
  $chatwoot?: ChatWidget;
  addEventListener: Window['addEventListener'];
  removeEventListener: Window['removeEventListener'];
}

export type ConfiguredSupportChat = {
  [Key in keyof SupportChatConfig]: NonNullable<SupportChatConfig[Key]>;
};

export const supportChatScriptId = 'support-chat-widget';

let loading: Promise<ChatWidget> | null = null;

function identify(widget: ChatWidget, user: SupportChatUser | null): void {
  if (!user) return;
  widget.setUser(user.identifier, {
    name: user.display_name,
    ...(user.identifier_hash ? { identifier_hash: user.identifier_hash } : {}),
  });
}

/** Adds the widget's script once and resolves with the widget when it says it is ready. */
export function loadSupportChat(
  chat: ConfiguredSupportChat,
  language: string,
  environment: { document: Document; window: ChatWindow } = {
    document,
    window: window as unknown as ChatWindow,
  },
): Promise<ChatWidget> {
  if (loading) return loading;
  const { document: doc, window: target } = environment;
  const location = supportChatLocation(language);
  loading = new Promise<ChatWidget>((resolve, reject) => {
    target.chatwootSettings = {
      locale: language,
      position: 'right',
      type: 'standard',
      hideMessageBubble: true,
    };
    const onReady = () => {
      target.removeEventListener('chatwoot:ready', onReady);
      const widget = target.$chatwoot;
      if (!widget) {
        reject(new Error('the chat widget is not there'));
        return;
      }
      widget.setCustomAttributes({ location });
      identify(widget, getSupportChatUser());
      // a sign-in or sign-out later is told to the widget (a guest's conversation is not kept)
      onSupportChatUserChange((user) => {
        if (user) identify(widget, user);
        else widget.reset();
      });
      resolve(widget);
    };
    target.addEventListener('chatwoot:ready', onReady);
    const script = doc.createElement('script');
    script.id = supportChatScriptId;
    script.src = chat.scriptUrl;
    script.async = true;
    script.dataset.location = location;
    script.onload = () => {
      target.chatwootSDK?.run({ websiteToken: chat.websiteToken, baseUrl: chat.baseUrl });
    };
    script.onerror = () => {
      target.removeEventListener('chatwoot:ready', onReady);
      script.remove();
      loading = null;
      reject(new Error('the chat widget could not be loaded'));
    };
    doc.head.appendChild(script);
  });
  return loading;
}

/** Loads the widget if needed and opens the conversation. */
export async function openSupportChat(
  chat: ConfiguredSupportChat,
  language: string,
): Promise<void> {
  const widget = await loadSupportChat(chat, language);
  widget.toggle('open');
}

/** Tests only: forget the loaded widget. */
export function resetSupportChatForTests(): void {
  loading = null;
}
