import { TimeSlicer } from './yield';

describe('TimeSlicer', () => {
  it('lets steps run on while the task is under its budget, then continues them in a new task', async () => {
    let now = 0;
    const slicer = new TimeSlicer(30, () => now);
    const order: string[] = [];
    // A timer queued now runs after the current task: a step that comes after it ran in a later task.
    setTimeout(() => order.push('other task'), 0);
    await slicer.next();
    order.push('step 1');
    now = 29;
    await slicer.next();
    order.push('step 2');
    now = 30; // the budget is spent: the next step waits for a task of its own
    await slicer.next();
    order.push('step 3');
    expect(order).toEqual(['step 1', 'step 2', 'other task', 'step 3']);
  });

  it('starts a fresh slice in each new task, so a step that comes late does not wait', async () => {
    let now = 0;
    const slicer = new TimeSlicer(30, () => now);
    await slicer.next();
    await new Promise((resolve) => setTimeout(resolve, 5)); // the first task is over
    now = 1000;
    const order: string[] = [];
    setTimeout(() => order.push('other task'), 0);
    await slicer.next();
    order.push('late step');
    expect(order).toEqual(['late step']);
  });
});
