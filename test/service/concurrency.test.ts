// Concurrent calls never exceed the monthly limit.
import { describe, expect, it } from 'vitest';
import { ALICE, setup } from './setup.js';

describe('concurrency', () => {
  it('lets exactly 20 of 50 concurrent quickGenerate calls through a limit of 20', async () => {
    const { service, engine } = setup({ monthlyLimit: 20 });
    const outcomes = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        service.quickGenerate({ html: '<p>Copy {{ n }}</p>', data: { n: index }, response_type: 'json_with_base64' }, ALICE),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok)).toHaveLength(20);
    const refused = outcomes.filter((outcome) => !outcome.ok);
    expect(refused).toHaveLength(30);
    expect(refused.every((outcome) => outcome.status === 400)).toBe(true);
    expect(engine.calls).toHaveLength(20);
    expect((await service.usage(ALICE)).body).toMatchObject({ data: { used: 20, limit: 20 } });
  });

  it('gives a released slot to a later caller', async () => {
    const { service } = setup({ monthlyLimit: 5 });
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        service.quickGenerate({ html: index % 2 === 0 ? '{{ missing }}' : 'fine', data: {}, response_type: 'pdf' }, ALICE),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.ok).length).toBeLessThanOrEqual(5);
    const later = await Promise.all(Array.from({ length: 10 }, () => service.quickGenerate({ html: 'ok', data: {}, response_type: 'pdf' }, ALICE)));
    const used = outcomes.filter((outcome) => outcome.ok).length + later.filter((outcome) => outcome.ok).length;
    expect(used).toBe(5);
    expect((await service.usage(ALICE)).body).toMatchObject({ data: { used: 5 } });
  });
});
