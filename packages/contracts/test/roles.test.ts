import {
  roleOpens, roleOrManager, roleRank, staffCreateSchema, staffRoleChangeSchema, staffRoutes, staffRoles, userNameProblem, userUpdateSchema,
} from '../src/index.js';

describe('staff roles (docs/product.md#roles)', () => {
  it('ranks manager over editor over work-log, and reads a missing or unknown stored role as manager', () => {
    expect(staffRoles.map(roleRank)).toEqual([3, 2, 1]);
    expect([roleOrManager(undefined), roleOrManager('editor'), roleOrManager('root')]).toEqual(['manager', 'editor', 'manager']);
  });

  it('opens the areas of each role: editors no staff, settings or activity log, work-log users the work-log only', () => {
    const areas = ['content', 'staff', 'settings', 'worklog', 'account', 'activity'] as const;
    const opened = (r: (typeof staffRoles)[number]) => areas.filter((a) => roleOpens(r, a));
    expect(opened('manager')).toEqual(['content', 'staff', 'settings', 'worklog', 'account', 'activity']);
    expect(opened('editor')).toEqual(['content', 'account']);
    expect(opened('worklog')).toEqual(['worklog', 'account']);
  });

  it('lists each staff route once, every one with a manager among its roles', () => {
    const routes = Object.values(staffRoutes);
    const keys = routes.map((r) => `${r.service} ${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of routes) expect([r.path, r.roles.includes('manager')]).toEqual([r.path, true]);
    // Staff management and settings are the managers' alone; the sensitive acts are marked.
    for (const r of [staffRoutes.users, staffRoutes.createUser, staffRoutes.userRole, staffRoutes.settings, staffRoutes.doiSettings, staffRoutes.activity]) expect(r.roles).toEqual(['manager']);
    expect(routes.filter((r) => r.recentAuth).map((r) => r.path).sort()).toEqual(
      ['/api/admin/counter/customers', '/api/admin/counter/customers/:id', '/api/admin/counter/customers/:id', '/api/admin/crossref/credentials', '/api/admin/crossref/credentials', '/api/admin/doi-settings', '/api/users/:id/password', '/api/users/:id/role', '/api/users/:id/status'],
    );
  });

  it('refuses unknown role names with one message', () => {
    for (const role of ['admin', 'Manager', '', 'superadmin']) {
      const r = staffRoleChangeSchema.safeParse({ role });
      expect(r.success ? '' : r.error.issues[0]!.message).toBe('Role must be manager, editor or worklog');
    }
    expect(staffCreateSchema.safeParse({ name: 'a', password: 'p', role: 'owner' }).success).toBe(false);
  });

  it('holds renames to the user name rule, control characters and spaces included', () => {
    for (const name of ['ed\u0007', 'ed\nboss', ' ed', 'two words', 'x'.repeat(101)]) {
      expect([JSON.stringify(name), userUpdateSchema.safeParse({ name }).success]).toEqual([JSON.stringify(name), false]);
      expect(userNameProblem(name)).not.toBeNull();
    }
    expect(userUpdateSchema.safeParse({ name: 'desk.editor@journal' }).success).toBe(true);
  });
});
