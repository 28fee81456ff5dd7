import { useState } from 'react';
import { useTasks } from '../hooks/use-tasks';

// One shopper action at a time on a card (an order, a list): busy while it runs, its error or its notice after
// (the one task pattern, react-app/hooks/use-tasks.ts, with a notice beside it).
export function useAction() {
  const tasks = useTasks();
  const [notice, setNotice] = useState<string | null>(null);
  async function run(fn: () => Promise<void>): Promise<void> {
    if (tasks.busy()) return;
    setNotice(null);
    await tasks.run('task', fn);
  }
  return { busy: tasks.busy(), error: tasks.error, notice, setNotice, run };
}
