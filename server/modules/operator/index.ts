// The operator module's front door: the only file other server code imports from this module.
export {
  changePassword,
  changePasswordInput,
  createAccount,
  createAccountInput,
  deleteUserEverything,
  setAccountRole,
  setRoleInput,
} from './accounts.service';
export { backupDatabase, refuseOnPostgres, restoreDatabase } from './backup.service';
export { demoSecret } from './demo-secret';
export { DEMO_SUPPORT_EMAIL, seedDemo, type DemoSeedResult } from './demo.service';
export { emailField, parseInput, splitList, todayUtc } from './inputs';
export {
  addSchoolTeacher,
  createSchool,
  createSchoolInput,
  removeSchoolTeacher,
  schoolTeacherInput,
  updateSchool,
  updateSchoolById,
  updateSchoolInput,
  type SchoolLicence,
} from './schools.service';
export {
  extendInput,
  extendSubscription,
  grantInput,
  grantSubscription,
  revokeSubscription,
  type GrantActor,
} from './subscriptions.service';
