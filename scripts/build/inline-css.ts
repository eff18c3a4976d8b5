/**
 * Build step: the stylesheets index.html links (the entry's and the first step of the order
 * form's, a few kB gzip) go into the HTML itself as <style>, so the first paint waits for no
 * stylesheet request. Every other screen's CSS already arrives with its lazy chunk.
 *
 * The <link> stays, disabled: a disabled stylesheet is neither fetched nor applied, but Vite's
 * chunk preloader counts it as present, so a lazy route depending on the same file does not load
 * it a second time. The server's Content-Security-Policy allows each inline <style> by its hash,
 * read from the built HTML (server/http/security-headers.ts).
 */
import type { Plugin } from 'vite';

const STYLESHEET_LINK = /<link rel="stylesheet"(?: crossorigin)? href="\/([^"]+\.css)">/g;

export function inlineEntryCss(): Plugin {
  return {
    name: 'perevod:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        return html.replace(STYLESHEET_LINK, (link, file: string) => {
          const asset = bundle[file];
          if (asset?.type !== 'asset') return link;
          const css =
            typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          return `<style>${css.trim()}</style>\n    <link rel="stylesheet" href="/${file}" disabled>`;
        });
      },
    },
  };
}
