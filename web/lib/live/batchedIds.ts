/**
 * Collects ids and hands them over together, `ms` after the last of a burst (a class of students
 * working at once sends many events; the page refetches each thing once). `cancel` drops what is
 * pending, for unmount.
 */
export function batchedIds(run: (ids: ReadonlySet<string>) => void, ms: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending = new Set<string>();
  return {
    add(id: string) {
      pending.add(id);
      clearTimeout(timer);
      timer = setTimeout(() => {
        const ids = pending;
        pending = new Set();
        timer = undefined;
        run(ids);
      }, ms);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
      pending = new Set();
    },
  };
}
