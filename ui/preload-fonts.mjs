// Heebo's @font-face rules arrive in a stylesheet the design system's chunk loads, so without a hint the
// browser asks for the fonts only after the JavaScript has run, and the text shifts when they swap in.
// This plugin adds <link rel="preload"> for the weights every screen uses to the app's index.html.
import { rspack } from '@rspack/core';

/** The font files preloaded: Heebo's Hebrew subset in the three weights, and the Latin regular (digits). */
export const PRELOADED_FONTS = /^fonts\/heebo-(hebrew-(400|500|700)|latin-400)-normal\.[0-9a-f]+\.woff2$/u;

const preloadTag = (href) => ({
  tagName: 'link',
  voidTag: true,
  attributes: { rel: 'preload', as: 'font', type: 'font/woff2', crossorigin: '', href },
});

export class PreloadFontsPlugin {
  apply(compiler) {
    compiler.hooks.compilation.tap('PreloadFontsPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTagGroups.tap(
        'PreloadFontsPlugin',
        (data) => {
          const fonts = compilation
            .getAssets()
            .map(({ name }) => name)
            .filter((name) => PRELOADED_FONTS.test(name))
            .sort();
          const publicPath = data.publicPath === 'auto' ? '' : data.publicPath;
          data.headTags.push(...fonts.map((name) => preloadTag(`${publicPath}${name}`)));
          return data;
        },
      );
    });
  }
}
