import { describe, expect, inject, it } from 'vitest';
import { startStack } from '@parroquia/testkit/local-stack';

describe('the local stack', () => {
  it('refuses to start on ports already in use, naming the port, and leaves the running stack alone', async () => {
    await expect(
      startStack({ ports: inject('stackPorts'), stateDir: 'tests/.runtime/unused', log: () => {} }),
    ).rejects.toThrow(/Port \d+ \(\w+\) is already in use/);
    const response = await fetch(`${inject('siteUrl')}/api/cells/`);
    expect(response.status).toBe(200);
  });
});
