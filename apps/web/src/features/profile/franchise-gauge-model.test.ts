import { describe, expect, it } from 'vitest';
import { gaugePercent, gaugeTone, gaugeWidth } from './franchise-gauge-model';

describe('franchise gauge', () => {
  it('warns from the alert level and turns red once a threshold is crossed', () => {
    expect(gaugeTone('ok')).toBe('ok');
    expect(gaugeTone('alerte')).toBe('warning');
    expect(gaugeTone('depasse')).toBe('danger');
    expect(gaugeTone('depasse_majore')).toBe('danger');
  });

  it('says the percent reached, rounded down so 79.9 % is not shown as 80 %', () => {
    expect(gaugePercent(0.799)).toBe(79);
    expect(gaugePercent(1.25)).toBe(125);
    expect(gaugePercent(0)).toBe(0);
  });

  it('fills the bar up to 100 % at most', () => {
    expect(gaugeWidth(1.25)).toBe(100);
    expect(gaugeWidth(0.4)).toBe(40);
  });
});
