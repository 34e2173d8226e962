/** The demo sign-ins, printed in the README and used by tests. Never seeded outside the demo. */
export const DEMO_ACCOUNTS = {
  admin: {
    name: 'Bazaar Admin',
    email: 'admin@bazaar.local',
    password: 'Admin@12345',
    phoneNumber: null,
    isAdmin: true,
  },
  customer: {
    name: 'Asha Customer',
    email: 'customer@bazaar.local',
    password: 'Customer@12345',
    phoneNumber: '9876543210',
    isAdmin: false,
  },
} as const;

export type DemoAccount = (typeof DEMO_ACCOUNTS)[keyof typeof DEMO_ACCOUNTS];
