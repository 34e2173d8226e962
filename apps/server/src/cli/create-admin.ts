// Filled by the accounts work: creates or promotes an admin on the configured database.
console.error('create-admin is not available yet');
process.exit(1);
