import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Plugin, runnerImport } from 'vite';
import { type LocalePart, localeParts, pickPart } from '../src/locales/parts.ts';

const prefix = 'virtual:locale-part/';
const localesDir = fileURLToPath(new URL('../src/locales', import.meta.url));
const allLocales = fileURLToPath(new URL('./all-locales.ts', import.meta.url));

type Tree = { readonly [key: string]: string | Tree };

/**
 * `import('virtual:locale-part/<language>/<part>')`: one part of a language's texts
 * (`src/locales/parts.ts`), cut out of `src/locales/<language>/index.ts` at build time and
 * emitted as plain data, so a chunk holds only its part's texts (a bundler cannot drop unused
 * properties of an object literal). Used by the app's build and by the unit tests alike.
 */
export function localePartsPlugin(): Plugin {
  // every language in one evaluation (one module runner), once per build or change
  let all: Promise<Record<string, Tree>> | undefined;
  const evaluate = async (language: string) => {
    all ??= runnerImport<Record<string, Tree>>(allLocales, {
      configFile: false,
      logLevel: 'error',
    }).then(({ module }) => module);
    const translation = (await all)[language];
    if (!translation) throw new Error(`build/all-locales.ts exports no ${language}`);
    return translation;
  };
  return {
    name: 'locale-parts',
    resolveId(id) {
      if (!id.startsWith(prefix)) return undefined;
      const [language = '', part = ''] = id.slice(prefix.length).split('/');
      if (!/^[a-z]{2}$/.test(language) || !localeParts.includes(part as LocalePart)) {
        throw new Error(`unknown locale part ${id}`);
      }
      // the last segment names the chunk: `locale-ru-first-….js`
      return `\0${prefix}${language}/locale-${language}-${part}`;
    },
    async load(id) {
      if (!id.startsWith(`\0${prefix}`)) return undefined;
      const [, language = '', part = ''] = /locale-([a-z]{2})-([a-z]+)$/.exec(id) ?? [];
      for (const file of readdirSync(join(localesDir, language))) {
        this.addWatchFile(join(localesDir, language, file));
      }
      const texts = pickPart(await evaluate(language), part as LocalePart);
      // plain data: the minifier leaves nothing to strip
      return `export default ${JSON.stringify(texts)};`;
    },
    watchChange(id) {
      if (id.startsWith(localesDir)) all = undefined;
    },
    handleHotUpdate({ file, server }) {
      if (!file.startsWith(localesDir)) return undefined;
      all = undefined;
      for (const module of server.moduleGraph.idToModuleMap.values()) {
        if (module.id?.startsWith(`\0${prefix}`)) server.moduleGraph.invalidateModule(module);
      }
      server.ws.send({ type: 'full-reload' });
      return [];
    },
  };
}
