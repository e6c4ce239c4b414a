import { breakpoints, publicPaths } from '../../domain/src/index.ts'; // relative, as telasDeRecurso.ts
import { storageKeys } from '../src/session/armazenamento.ts';
import { ESQUELETO_ID } from '../src/startup/esqueleto.ts';
import type { Plugin } from 'vite';

/** The pages drawn without the signed-in frame: the public ones, the kitchen board, a table's QR page, the delivery pages. */
const SEM_MOLDURA = [...Object.values(publicPaths).map((p) => p.replace(/\/:.*$/, '')), '/kds/quadro', '/q', '/d'];

/** Same drawing as shell/Logo.tsx, at the header's size. */
const LOGO =
  '<svg width="28" height="28" viewBox="0 0 512 512"><rect width="512" height="512" rx="112" fill="#1c7ed6"/>' +
  '<path d="M160 384V128h112c53 0 88 31 88 78 0 36-20 62-53 73l61 105h-62l-55-98h-39v98zm52-142h56c24 0 39-14 39-36s-15-35-39-35h-56z" fill="#fff"/></svg>';

/**
 * Where shell/Layout.tsx puts things: a 60 px header (108 on a phone, the company switcher's row under it),
 * the 300 px menu open from `md` up, the page loader (app/PageLoader.tsx, size 80) in the screen's place.
 * Colours of Mantine's light and dark body and borders; the saved theme picks one, as in the app.
 */
const ESTILO = `
#${ESQUELETO_ID}{position:fixed;inset:0;z-index:150;background:#fff;color:#000;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}
#${ESQUELETO_ID}.escuro{background:#242424;color:#c9c9c9}
#${ESQUELETO_ID} header{position:absolute;top:0;left:0;right:0;height:108px;border-bottom:1px solid #dee2e6;box-sizing:border-box}
#${ESQUELETO_ID} header div{display:flex;align-items:center;gap:12px;height:60px;padding:0 16px}
#${ESQUELETO_ID} i{display:block;width:18px;height:2px;background:currentColor;box-shadow:0 -6px currentColor,0 6px currentColor;margin:0 3px}
#${ESQUELETO_ID} b{display:none;font-size:16px}
#${ESQUELETO_ID} nav{display:none;position:absolute;top:60px;bottom:0;left:0;width:300px;border-right:1px solid #dee2e6}
#${ESQUELETO_ID}.escuro header,#${ESQUELETO_ID}.escuro nav{border-color:#424242}
#${ESQUELETO_ID} main{position:absolute;top:108px;left:0;right:0;padding:16px;display:flex;justify-content:center;align-items:center;min-height:50vh}
#${ESQUELETO_ID} span{width:80px;height:80px;box-sizing:border-box;border-radius:50%;border:10px solid #1971c2;border-left-color:transparent;animation:esqueleto-gira 1.2s linear infinite}
@keyframes esqueleto-gira{to{transform:rotate(360deg)}}
@media (min-width:${breakpoints.sm}px){#${ESQUELETO_ID} header{height:60px}#${ESQUELETO_ID} main{top:60px}#${ESQUELETO_ID} b{display:inline}}
@media (min-width:${breakpoints.md}px){#${ESQUELETO_ID} nav{display:block}#${ESQUELETO_ID} main{left:300px}}
`.replace(/\n/g, '');

/**
 * Shown only where the app will draw its frame: a saved user (the guard restores it) on a page that
 * is not one of SEM_MOLDURA. Anything else (signed out, the login) keeps it hidden, so nothing flashes.
 */
const DECIDIR = `(function(){try{
var p=location.pathname,f=${JSON.stringify(SEM_MOLDURA)};
if(!localStorage.getItem(${JSON.stringify(storageKeys.usuario)}))return;
for(var i=0;i<f.length;i++)if(p===f[i]||p.indexOf(f[i]+'/')===0)return;
var e=document.getElementById(${JSON.stringify(ESQUELETO_ID)}),t=localStorage.getItem(${JSON.stringify(storageKeys.tema)});
if(t==='dark'||(t==='auto'&&matchMedia('(prefers-color-scheme: dark)').matches))e.className='escuro';
e.hidden=false}catch(x){}})()`.replace(/\n/g, '');

export function esqueletoHtml(): string {
  return (
    `<style>${ESTILO}</style>` +
    `<div id="${ESQUELETO_ID}" aria-hidden="true" hidden><header><div><i></i>${LOGO}<b>Retaguarda</b></div></header><nav></nav><main><span></span></main></div>` +
    `<script>${DECIDIR}</script>`
  );
}

/** Puts the frame right after #root in index.html, in the build and in `vite dev`. */
export function esqueletoPlugin(): Plugin {
  return {
    name: 'retaguarda-esqueleto',
    transformIndexHtml: (html) => html.replace('<div id="root"></div>', `<div id="root"></div>${esqueletoHtml()}`),
  };
}
