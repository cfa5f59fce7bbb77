import { describe, expect, it } from 'vitest';
import { plainText } from './agendor.ts';

describe('Agendor history text', () => {
  it("turns the transcript's HTML into the plain lines Agendor shows", () => {
    expect(
      plainText(
        '<b>Atendimento encerrado</b><br>[2026-11-25 10:00] <b>Ana</b>: preço &lt;R$ 10&gt; &amp; prazo',
      ),
    ).toBe('Atendimento encerrado\n[2026-11-25 10:00] Ana: preço <R$ 10> & prazo');
  });
});
