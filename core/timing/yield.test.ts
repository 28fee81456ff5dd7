import { TimeSlicer } from './yield';

describe('TimeSlicer', () => {
  it('lets steps go on at once while the task is under its budget, then continues them in a new task', async () => {
    let now = 0;
    const slicer = new TimeSlicer(30, () => now);
    const order: string[] = [];
    // A timer queued now runs after the current task: a step that comes after it ran in a later task.
    setTimeout(() => order.push('other task'), 0);
    expect(slicer.next()).toBeUndefined();
    order.push('step 1');
    now = 29;
    expect(slicer.next()).toBeUndefined();
    order.push('step 2');
    now = 30; // the budget is spent: the next step waits for a task of its own
    await slicer.next();
    order.push('step 3');
    expect(order).toEqual(['step 1', 'step 2', 'other task', 'step 3']);
  });

  it('sees the time of the steps before it when steps start together (microtasks of one task)', async () => {
    let now = 0;
    const slicer = new TimeSlicer(30, () => now);
    const waited: boolean[] = [];
    const step = async () => {
      const pause = slicer.next();
      waited.push(pause !== undefined);
      if (pause) await pause;
      now += 40; // each step's work takes longer than the budget
    };
    await Promise.all([step(), step(), step()]);
    expect(waited).toEqual([false, true, true]);
  });

  it('starts a fresh slice in each new task, so a step that comes late does not wait', async () => {
    let now = 0;
    const slicer = new TimeSlicer(30, () => now);
    slicer.next();
    await new Promise((resolve) => setTimeout(resolve, 5)); // the first task is over
    now = 1000;
    expect(slicer.next()).toBeUndefined();
  });
});
