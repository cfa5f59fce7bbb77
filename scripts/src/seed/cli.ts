import { seedDemo } from './seed.ts';

/** `tsx scripts/src/seed/cli.ts`: seeds the demo company (once) and prints its logins. */
const { company, logins } = await seedDemo();
console.log(`Empresa demo: ${company.name} (${company._id})`);
for (const login of logins) console.log(`  ${login.role.padEnd(8)} ${login.email}  senha: ${login.password}`);
