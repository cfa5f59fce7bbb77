import { TEMPLATE_STATUSES } from '@atende/shared/domain/constants';
import { describe, expect, it } from 'vitest';
import { approvedTemplates } from './templates.ts';

describe('template picker options', () => {
  it('offers only approved templates', () => {
    const templates = TEMPLATE_STATUSES.map((status, index) => ({
      _id: index.toString(16).padStart(24, '0'),
      name: `t_${status.toLowerCase()}`,
      content: status,
      status,
    }));
    expect(approvedTemplates(templates).map((template) => template.name)).toEqual(['t_approved']);
  });
});
