import '@tanstack/react-query';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The caller shows its own error message; the global toast stays quiet. */
      handlesErrors?: boolean;
    };
  }
}
