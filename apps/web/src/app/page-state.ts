/**
 * Id of the `<script type="application/json">` holding a server-rendered page's data (prerender.tsx `renderPage`;
 * the server writes the element, main.tsx reads it). Its own module, so that the browser's first script carries
 * nothing else of the server rendering.
 */
export const PAGE_STATE_ID = 'quire-page-state';
