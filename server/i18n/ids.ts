// Generated from server/i18n/en.json by scripts/message-types.mjs (npm run messages:types): do not edit.

/** What a plain `{arg}` takes: text, a number, or another message of the catalogue, formatted first in the same language. */
export type MessageValue = string | number | { readonly id: ServerMessageId; readonly values?: object };

/** The values each ServerMessage id's text takes (an id without values has none here). */
export interface ServerMessageValues {
  accountExists: { email: MessageValue };
  aiBadKey: { setting: MessageValue; detail: MessageValue };
  aiCallFailed: { detail: MessageValue };
  aiNoModel: { model: MessageValue; setting: MessageValue; detail: MessageValue };
  aiQuotaLater: { detail: MessageValue };
  aiQuotaWait: { seconds: number; detail: MessageValue };
  aiRefusedRequest: { detail: MessageValue };
  aiRequestsPerMinute: { seconds: number };
  aiTimeout: { seconds: number };
  aiTrouble: { status: MessageValue };
  aiUnreachable: { address: MessageValue };
  alreadyOnTeacherList: { email: MessageValue };
  backupExists: { file: MessageValue };
  budgetExhausted: { budget: number };
  classUsedImages: { limit: number };
  classUsedText: { limit: number };
  classroomTooLarge: { count: number };
  collectionsAtMost: { max: number };
  copyKeepsKind: { kind: MessageValue };
  csvLineReason: { line: number; reason: MessageValue };
  dbOpenFailed: { where: MessageValue; detail: MessageValue };
  dbWhereEmbedded: { dir: MessageValue };
  documentTooMuchText: { max: number };
  domainTaken: { domains: MessageValue; school: MessageValue };
  fieldsNotChangeable: { fields: MessageValue };
  fileTooMuchText: { max: number };
  fileUnreadable: { file: MessageValue; code: MessageValue };
  imagesNotSetUp: { setting: MessageValue };
  inviteAgainStudentLimit: { max: number; hours: number };
  inviteAgainTeacherLimit: { max: number; hours: number };
  joinLimit: { minutes: number };
  linesCannotBeAdded: { count: number };
  liveStreams: { count: number };
  mailExistingText: { baseUrl: MessageValue };
  mailInviteSubject: { teacher: MessageValue; classLabel: MessageValue };
  mailInviteText: { teacher: MessageValue; classLabel: MessageValue; signInUrl: MessageValue; email: MessageValue };
  mailReplyGreetingNamed: { name: MessageValue };
  mailResetText: { url: MessageValue };
  mailSafeguardingText: { title: MessageValue; link: MessageValue };
  mailSelfHarmText: { title: MessageValue; link: MessageValue };
  mailVerifyText: { name: MessageValue; url: MessageValue };
  meantToBe: { label: MessageValue; actual: MessageValue };
  messageTooLong: { length: number; limit: number };
  noAccountWithAddress: { email: MessageValue };
  noGrantToExtend: { email: MessageValue };
  noLicenceForDomain: { domain: MessageValue };
  noSuchFile: { file: MessageValue };
  noTextIn: { name: MessageValue };
  notABackup: { file: MessageValue; why: MessageValue };
  notOnTeachersListOf: { email: MessageValue; school: MessageValue };
  offDomain: { domains: MessageValue };
  pdfTooManyPages: { pages: number; max: number };
  readingTooSlow: { what: MessageValue; seconds: number };
  restoreFailed: { file: MessageValue; detail: MessageValue };
  retryLimit: { times: number };
  rosterLimit: { max: number; hours: number };
  serviceNotOpened: { service: MessageValue };
  serviceUnreachable: { service: MessageValue };
  sizeGiB: { n: number };
  sizeKiB: { n: number };
  sizeMiB: { n: number };
  storageFull: { used: MessageValue; quota: MessageValue; advice: MessageValue };
  storageFullFile: { used: MessageValue; quota: MessageValue; adding: MessageValue; advice: MessageValue };
  teacherAllowanceNamed: { name: MessageValue };
  teacherFileTooLong: { rows: number; max: number };
  textNeedsMemory: { what: MessageValue };
  textNotNow: { what: MessageValue };
  textUnreadable: { what: MessageValue; detail: MessageValue };
  textUnreadableNow: { what: MessageValue };
  tooManyImportRows: { max: number; count: number };
  tusNotUnderstood: { detail: MessageValue };
  tusTooLarge: { size: MessageValue };
  useResumableUpload: { size: MessageValue };
  useResumableUploadAt: { size: MessageValue; path: MessageValue };
  wordExpands: { size: MessageValue; max: MessageValue };
  wordUnreadable: { detail: MessageValue };
  youUsedImages: { limit: number };
  youUsedImagesPremium: { limit: number };
  youUsedText: { limit: number };
  youUsedTextPremium: { limit: number };
}

export type ServerMessageId =
  | 'aGifImage'
  | 'aJpegImage'
  | 'aMarkdownFile'
  | 'aPdf'
  | 'aPngImage'
  | 'aScript'
  | 'aTextFile'
  | 'aWebpImage'
  | 'aWordDocument'
  | 'accountExists'
  | 'accountNotFound'
  | 'aiBadKey'
  | 'aiCallFailed'
  | 'aiNoModel'
  | 'aiNotConfiguredFull'
  | 'aiQuotaLater'
  | 'aiQuotaWait'
  | 'aiRefusedRequest'
  | 'aiRequestsPerMinute'
  | 'aiStoredBadKey'
  | 'aiStoredNoModel'
  | 'aiStoredNotConfigured'
  | 'aiStoredQuota'
  | 'aiStoredRefused'
  | 'aiStoredTimeout'
  | 'aiStoredUnavailable'
  | 'aiTestProvider'
  | 'aiTimeout'
  | 'aiTrouble'
  | 'aiUnreachable'
  | 'alreadyOnTeacherList'
  | 'alreadyOnTeacherListField'
  | 'alreadySubscribed'
  | 'answerNotFound'
  | 'assignmentBeingCreated'
  | 'assignmentBeingPosted'
  | 'assignmentChanged'
  | 'assignmentChangedWhileSending'
  | 'assignmentClosedByTeacher'
  | 'assignmentClosedForClassroom'
  | 'assignmentDeleted'
  | 'assignmentNotFound'
  | 'assignmentsForTeachers'
  | 'assignmentsUseTutorBot'
  | 'attachmentNotFound'
  | 'auditPageExpired'
  | 'baAccountNotFound'
  | 'baCredentialAccountNotFound'
  | 'baEmailAlreadyVerified'
  | 'baEmailNotUpdatable'
  | 'baEmailNotVerified'
  | 'baFailedToCreateUser'
  | 'baFailedToUpdateUser'
  | 'baInvalidEmail'
  | 'baInvalidEmailOrPassword'
  | 'baInvalidPassword'
  | 'baInvalidToken'
  | 'baLastAccount'
  | 'baLinkedAccountExists'
  | 'baPasswordTooLong'
  | 'baPasswordTooShort'
  | 'baSessionExpired'
  | 'baSessionNotFresh'
  | 'baSocialAlreadyLinked'
  | 'baTokenExpired'
  | 'baTooManyRequests'
  | 'baUserExists'
  | 'baUserExistsOtherEmail'
  | 'baUserNotFound'
  | 'backupDamaged'
  | 'backupExists'
  | 'backupNoDatabase'
  | 'backupNotGzip'
  | 'backupOnPostgres'
  | 'billingPortal'
  | 'botChanged'
  | 'botGone'
  | 'botKindFixed'
  | 'botNotFound'
  | 'botsForTeachers'
  | 'budgetExhausted'
  | 'chooseCurrentStudents'
  | 'chooseOwnClasses'
  | 'chooseOwnCollection'
  | 'chooseTutorBot'
  | 'chooseYourAssignment'
  | 'classNotAccepting'
  | 'classNotFound'
  | 'classUnchecked'
  | 'classUsedImages'
  | 'classUsedText'
  | 'classesForTeachers'
  | 'classroomConnectFirst'
  | 'classroomConnectRefused'
  | 'classroomConnectionLost'
  | 'classroomCoursesRefused'
  | 'classroomForTeachers'
  | 'classroomGarbled'
  | 'classroomNoLastingAccess'
  | 'classroomNotConfigured'
  | 'classroomPostRefused'
  | 'classroomRefusedRequest'
  | 'classroomRenewRefused'
  | 'classroomScopes'
  | 'classroomStateInvalid'
  | 'classroomStudentsRefused'
  | 'classroomTooLarge'
  | 'classroomUnreachable'
  | 'codeNotInUse'
  | 'collectionNotFound'
  | 'collectionsAtMost'
  | 'collectionsChanged'
  | 'confirmBeforeJoining'
  | 'confirmForSupport'
  | 'conversationChanged'
  | 'conversationNotFound'
  | 'conversationNotFoundThat'
  | 'copyKeepsKind'
  | 'courseNotFound'
  | 'csvLineReason'
  | 'csvNotText'
  | 'csvQuoteOpen'
  | 'damagedZip'
  | 'dashboardLicence'
  | 'dbOpenFailed'
  | 'dbWhereEmbedded'
  | 'dbWherePostgres'
  | 'deleteFiles'
  | 'deleteFilesOrPremium'
  | 'docBotOnlyEdit'
  | 'documentChangedElsewhere'
  | 'documentNewer'
  | 'documentRegenerated'
  | 'documentTooMuchText'
  | 'domainTaken'
  | 'errorsPageExpired'
  | 'eventNotApplied'
  | 'eventTooLarge'
  | 'fieldsNeedAttention'
  | 'fieldsNotChangeable'
  | 'fileNotFound'
  | 'fileTooMuchText'
  | 'fileUnreadable'
  | 'filesNotFound'
  | 'flagNotFound'
  | 'flagsPageExpired'
  | 'forTeachers'
  | 'handedIn'
  | 'iconNotFound'
  | 'iconNotYours'
  | 'imageFailed'
  | 'imageNotFound'
  | 'imageNotFoundThe'
  | 'imageStillGenerating'
  | 'imagesNotAllowed'
  | 'imagesNotSetUp'
  | 'internal'
  | 'inviteAgainStudentLimit'
  | 'inviteAgainTeacherLimit'
  | 'inviteNoAddress'
  | 'inviteNotSent'
  | 'itemChangedElsewhere'
  | 'joinLimit'
  | 'knowledgeNotYours'
  | 'libraryPageExpired'
  | 'licenceNotFound'
  | 'linesCannotBeAdded'
  | 'linuxProgram'
  | 'liveStreams'
  | 'ltiCourseRoles'
  | 'ltiDeploymentUnregistered'
  | 'ltiFormUnreadable'
  | 'ltiInsideCourse'
  | 'ltiLaunchExpired'
  | 'ltiMissingClaims'
  | 'ltiNoDeepLinking'
  | 'ltiNoToken'
  | 'ltiOnlyTeachersAdd'
  | 'ltiOtherAccount'
  | 'ltiOtherBrowser'
  | 'ltiPageExpired'
  | 'ltiPageUsed'
  | 'ltiPlatformUnregistered'
  | 'ltiPostForm'
  | 'ltiRoleStudent'
  | 'ltiRoleTeacher'
  | 'ltiUnverified'
  | 'ltiWrongAddress'
  | 'macProgram'
  | 'mailExistingSubject'
  | 'mailExistingText'
  | 'mailInviteSubject'
  | 'mailInviteText'
  | 'mailInviteYourTeacher'
  | 'mailReplyBody'
  | 'mailReplyGreeting'
  | 'mailReplyGreetingNamed'
  | 'mailReplySubject'
  | 'mailResetSubject'
  | 'mailResetText'
  | 'mailSafeguardingSubject'
  | 'mailSafeguardingText'
  | 'mailSelfHarmSubject'
  | 'mailSelfHarmText'
  | 'mailVerifySubject'
  | 'mailVerifyText'
  | 'markedCompleted'
  | 'meantToBe'
  | 'messageTooLong'
  | 'myFilesForTeachers'
  | 'noAccountWithAddress'
  | 'noBillingAccount'
  | 'noEndpoint'
  | 'noGrantToExtend'
  | 'noLicenceForDomain'
  | 'noLineCanBeAdded'
  | 'noReplyToRetry'
  | 'noReplyYet'
  | 'noSuchFile'
  | 'noSuchLicence'
  | 'noTextIn'
  | 'notABackup'
  | 'notAccepted'
  | 'notInSchool'
  | 'notJson'
  | 'notOnTeachersListOf'
  | 'notOurPage'
  | 'offDomain'
  | 'oldOffice'
  | 'onlyDocumentEdited'
  | 'onlyDocumentMoves'
  | 'onlySavedConversation'
  | 'passwordTooLongSentence'
  | 'passwordTooShortSentence'
  | 'pasteStudentsOneALine'
  | 'paymentsNotSetUp'
  | 'pdfTooManyPages'
  | 'pendingOnlyBots'
  | 'pendingTrueFalse'
  | 'plainText'
  | 'platformNotFound'
  | 'platformRegistered'
  | 'premiumAlready'
  | 'premiumAssignments'
  | 'premiumClasses'
  | 'premiumClassroom'
  | 'premiumFlags'
  | 'premiumForTeachers'
  | 'quotaOwnerNotFound'
  | 'readingTooSlow'
  | 'replyFailed'
  | 'replyInterrupted'
  | 'replyNotFound'
  | 'replyStillBeingChecked'
  | 'replyStillWriting'
  | 'replyStillWritingEdit'
  | 'requestFailed'
  | 'restoreFailed'
  | 'retryLimit'
  | 'rosterLimit'
  | 'safetyNotEditable'
  | 'safetyNotRetried'
  | 'savedForTeachers'
  | 'savedItemNotFound'
  | 'savedPageExpired'
  | 'schoolAdminPages'
  | 'schoolCovers'
  | 'schoolRecordForAdmins'
  | 'schoolSharing'
  | 'schoolStudentNotFound'
  | 'sendMultipart'
  | 'serviceNotOpened'
  | 'serviceUnreachable'
  | 'signIn'
  | 'signatureUnverified'
  | 'sizeGiB'
  | 'sizeKiB'
  | 'sizeMiB'
  | 'startFirst'
  | 'storageFull'
  | 'storageFullFile'
  | 'stripeSignatureMissing'
  | 'studentNotFound'
  | 'studentWorkChanged'
  | 'studentsReportHere'
  | 'subscriptionForTeachers'
  | 'subscriptionUnchecked'
  | 'subscriptionsForTeachers'
  | 'supportAddressReserved'
  | 'supportAddressReservedOperator'
  | 'supportAnswersTickets'
  | 'supportPage'
  | 'supportRoleUnchanged'
  | 'svgImage'
  | 'tableNotFound'
  | 'teacherAiOnly'
  | 'teacherAllowance'
  | 'teacherAllowanceNamed'
  | 'teacherFileEmpty'
  | 'teacherFileNoEmail'
  | 'teacherFileTooLong'
  | 'teacherListChanged'
  | 'teacherNotFound'
  | 'textNeedsMemory'
  | 'textNotNow'
  | 'textUnreadable'
  | 'textUnreadableNow'
  | 'thatNotFound'
  | 'ticketBeingSent'
  | 'ticketNotFound'
  | 'ticketsForTeachers'
  | 'ticketsPageExpired'
  | 'tooLarge'
  | 'tooManyAttempts'
  | 'tooManyImportRows'
  | 'trophyKept'
  | 'trophyNotFound'
  | 'tusContentType'
  | 'tusExpired'
  | 'tusNotUnderstood'
  | 'tusOffset'
  | 'tusResumable'
  | 'tusTooLarge'
  | 'tutorGone'
  | 'unknownBinary'
  | 'unknownPurpose'
  | 'uploadLength'
  | 'uploadNeedsName'
  | 'uploadNoQuery'
  | 'uploadNotFound'
  | 'uploadsForTeachers'
  | 'useResumableUpload'
  | 'useResumableUploadAt'
  | 'webPage'
  | 'windowsProgram'
  | 'wordDocument'
  | 'wordExpands'
  | 'wordUnreadable'
  | 'youUsedImages'
  | 'youUsedImagesPremium'
  | 'youUsedText'
  | 'youUsedTextPremium'
  | 'zipNotWord';
