/**
 * A stored smart tag of `companyId` whose rule matches no test contact (so no membership changes), as the
 * smart-tags catalogue keeps it: the smart-tags consumer skips companies without one.
 */
export function testSmartTagItem(
  companyId: string,
  id = 'fffffffffffffffffffffff1',
): Record<string, unknown> {
  const now = new Date().toISOString();
  return {
    pk: `C#${companyId}#SMART_TAGS`,
    sk: id,
    entity: 'smart_tags',
    _id: id,
    name: 'Nunca',
    color: '#336699',
    match: 'all',
    conditions: [{ field: 'full_name', operator: 'starts_with', value: 'zzzz-nunca' }],
    time_based: false,
    needs_activity: false,
    rule_version: 1,
    run: 'r1',
    status: 'ready',
    processed: 0,
    total: 0,
    cursor: null,
    members_count: 0,
    refreshed_at: null,
    created_at: now,
    updated_at: now,
    gsi3pk: `C#${companyId}#SMART_TAGS_STATUS`,
    gsi3sk: id,
  };
}
