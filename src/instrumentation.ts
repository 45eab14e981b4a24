// Next builds this file for the Edge runtime as well as for Node. The start-up work is Node-only
// (it sets the umask, opens the documents store, starts schedulers), so it is imported only in the
// branch the Edge build drops: a static import, or one reached past an early return, would bring it
// into the Edge bundle and fill the first `next dev` console with warnings about Node APIs.
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    await (await import('./instrumentation-node')).startServer();
  }
}
