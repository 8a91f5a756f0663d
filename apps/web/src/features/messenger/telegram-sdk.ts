import {
  backButton,
  closingBehavior,
  init,
  openLink,
  swipeBehavior,
  viewport,
} from '@telegram-apps/sdk';
import type { MessengerStartUpSdk } from './start-up';

/** What the running mini-app uses after the start-up: the back button and the link opener. */
export interface MessengerShellSdk {
  /** shows or hides the messenger's back button */
  setBackButtonVisible(visible: boolean): void;
  /** calls `listener` on a back-button press; answers the way to stop */
  onBackButton(listener: () => void): () => void;
  openLink(url: string): void;
}

/**
 * The messenger's SDK (`@telegram-apps/sdk`) behind the start-up's and the shell's interfaces.
 * This module, and so the SDK, loads only in the messenger build (a dynamic import).
 */
export function createTelegramSdk(): MessengerStartUpSdk & MessengerShellSdk {
  return {
    init: () => {
      init();
      backButton.mount();
    },
    expand: async () => {
      await viewport.mount();
      viewport.expand();
    },
    requestFullscreen: async () => {
      await viewport.requestFullscreen();
    },
    enableClosingConfirmation: () => {
      closingBehavior.mount();
      closingBehavior.enableConfirmation();
    },
    disableVerticalSwipes: () => {
      swipeBehavior.mount();
      swipeBehavior.disableVertical();
    },
    bindSafeArea: () => {
      viewport.bindCssVars();
    },
    setBackButtonVisible: (visible) => {
      if (visible) backButton.show();
      else backButton.hide();
    },
    onBackButton: (listener) => backButton.onClick(listener),
    openLink: (url) => openLink(url),
  };
}
