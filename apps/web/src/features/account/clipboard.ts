/** The clipboard helper moved to lib/ (the resource kit's copy buttons use it too). */
export { copyText } from '../../lib/clipboard.ts';
