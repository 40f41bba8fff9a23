/** The demo sign-ins, one per kind of user; the README and the start-up banner list them. */
export const DEMO_ACCOUNTS = [
  {
    email: 'gp@demo.test',
    who: 'Dr Sarah Mitchell, general practitioner at Harbourside Family Medical Practice',
  },
  { email: 'specialist@demo.test', who: 'Dr James Chen, cardiologist at North Shore Heart Clinic' },
  { email: 'pm@demo.test', who: "Karen O'Brien, practice manager and account holder at Harbourside" },
  {
    email: 'pa@demo.test',
    who: 'Tom Nguyen, practice administrator at North Shore Heart Clinic (with a personal space)',
  },
  { email: 'hospital@demo.test', who: 'Dr Aisha Rahman, head of Cardiology at Royal Eastern Hospital' },
  {
    email: 'patient@demo.test',
    who: 'Emily Watson, a patient of Harbourside: her own account sees My referrals',
  },
  {
    email: 'admin@demo.test',
    who: 'Sam Fletcher, platform administrator: approves and verifies new establishments',
  },
] as const;
