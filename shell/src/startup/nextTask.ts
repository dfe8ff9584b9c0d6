/**
 * Resolves in a later task of the event loop (a timer), not in a microtask of the current one, so that the
 * work before and after an `await nextTask()` are two tasks: the browser can paint and handle input between
 * them, and neither counts as one long task.
 */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));
