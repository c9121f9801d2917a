// Generated from contract/i18n/en.json by scripts/message-types.mjs (npm run messages:types): do not edit.

/** What a plain `{arg}` takes: text, a number, or another message of the catalogue, formatted first in the same language. */
export type MessageValue = string | number | { readonly id: ValidationMessageId; readonly values?: object };

/** The values each ValidationMessage id's text takes (an id without values has none here). */
export interface ValidationMessageValues {
  addAtMost: { max: number };
  alsoOnLine: { line: MessageValue };
  assignmentTitleTooLong: { max: MessageValue };
  botNameTooLong: { max: MessageValue };
  budgetAtMost: { max: MessageValue };
  buildingTooLong: { max: MessageValue };
  chooseAtMost: { max: MessageValue; what: MessageValue };
  chooseFieldFromList: { label: MessageValue };
  chooseFromList: { what: MessageValue };
  classNameTooLong: { max: number };
  clientIdTooLong: { max: MessageValue };
  collectionNameTooLong: { max: MessageValue };
  criteriaTooLong: { max: MessageValue };
  csvLine: { line: MessageValue; reason: MessageValue };
  csvTooLarge: { max: MessageValue };
  defaultTooLong: { max: MessageValue };
  deploymentTooLong: { max: MessageValue };
  deploymentsAtMost: { max: MessageValue };
  descriptionTooLong: { max: MessageValue };
  emailTooLong: { max: MessageValue };
  feedbackUnder: { max: MessageValue };
  fieldAtLeast: { label: MessageValue; min: MessageValue };
  fieldAtMost: { label: MessageValue; max: MessageValue };
  fieldMustBeNumber: { label: MessageValue };
  fieldTooLong: { label: MessageValue; max: MessageValue };
  fillIn: { label: MessageValue };
  formAtMost: { max: MessageValue };
  gradeLevelFor: { label: MessageValue };
  helpTooLong: { max: MessageValue };
  importAtMost: { max: MessageValue };
  instructionsTooLong: { max: MessageValue };
  instructionsUnder: { max: MessageValue };
  keepItUnder: { max: MessageValue };
  keyTwice: { key: MessageValue };
  knowledgeAtMost: { max: MessageValue };
  labelTooLong: { max: MessageValue };
  listAtMost: { max: MessageValue };
  messageUnder: { max: MessageValue };
  moreThan: { max: MessageValue };
  notAValidIdNamed: { what: MessageValue };
  objectivesTooLong: { max: MessageValue };
  oneRosterColumn: { columns: MessageValue; file: MessageValue };
  oneRosterDuplicate: { line: MessageValue };
  oneRosterNoTeacher: { address: MessageValue };
  oneRosterNotStudent: { role: MessageValue };
  oneRosterUnknownClass: { id: MessageValue };
  oneRosterUnknownUser: { id: MessageValue };
  optionTooLong: { max: MessageValue };
  optionTwice: { option: MessageValue };
  outputFormatTooLong: { max: MessageValue };
  pasteAtMost: { max: number };
  pasteTooMany: { max: MessageValue };
  periodAtMost: { days: MessageValue };
  plainDuplicate: { line: MessageValue };
  platformNameTooLong: { max: MessageValue };
  quizAtMost: { max: MessageValue };
  rosterClassNameTooLong: { max: MessageValue };
  rosterPeriodTooLong: { max: MessageValue };
  searchTooLong: { max: MessageValue };
  sectionTooLong: { max: number };
  starterTooLong: { max: MessageValue };
  startersAtMost: { max: MessageValue };
  studentNameTooLong: { max: MessageValue };
  subjectTooLong: { max: MessageValue };
  subjectUnder: { max: MessageValue };
  tooManyRows: { max: MessageValue; count: MessageValue };
  trophyReasonTooLong: { max: MessageValue };
  unitTooLong: { max: MessageValue };
  urlHttps: { field: MessageValue };
  urlMissing: { field: MessageValue };
  urlTooLong: { field: MessageValue; max: MessageValue };
  welcomeTooLong: { max: MessageValue };
}

export type ValidationMessageId =
  | 'addAtLeastOne'
  | 'addAtMost'
  | 'alsoOnLine'
  | 'answerNotFound'
  | 'assignmentTitleTooLong'
  | 'atLeast8'
  | 'atLeastOneDeployment'
  | 'atLeastOneFile'
  | 'atMost100'
  | 'authAddress'
  | 'botNameTooLong'
  | 'bothDates'
  | 'budgetAtLeast'
  | 'budgetAtMost'
  | 'budgetNumber'
  | 'budgetWhole'
  | 'buildingTooLong'
  | 'chooseAtMost'
  | 'chooseBotKind'
  | 'chooseClassForStudents'
  | 'chooseCollection'
  | 'chooseEmoji'
  | 'chooseFieldFromList'
  | 'chooseFieldType'
  | 'chooseFromList'
  | 'chooseGradeLevel'
  | 'chooseLibrary'
  | 'chooseLocale'
  | 'chooseManagedAddresses'
  | 'chooseStyle'
  | 'chooseTutorBot'
  | 'chooseVisibility'
  | 'chooseWhatIsWrong'
  | 'chooseYourAssignment'
  | 'classNameTooLong'
  | 'classOrStudent'
  | 'classes'
  | 'clientIdMissing'
  | 'clientIdTooLong'
  | 'collectionNameTooLong'
  | 'collectionTwice'
  | 'completeOrHandBack'
  | 'creativityNumber'
  | 'creativityRange'
  | 'crisisAtLeastOne'
  | 'crisisAtMost'
  | 'crisisCountry'
  | 'crisisEmergency'
  | 'crisisNameTheLine'
  | 'crisisNameTooLong'
  | 'crisisNumber'
  | 'crisisOneWay'
  | 'crisisSmsWord'
  | 'crisisSmsWordNeedsNumber'
  | 'crisisWeb'
  | 'crisisWebTooLong'
  | 'criteriaTooLong'
  | 'csvLine'
  | 'csvMissing'
  | 'csvTooLarge'
  | 'dateLike'
  | 'defaultBetween'
  | 'defaultInOptions'
  | 'defaultNumber'
  | 'defaultTooLong'
  | 'deleteAtMost'
  | 'deploymentEmpty'
  | 'deploymentTooLong'
  | 'deploymentsAtMost'
  | 'descriptionTooLong'
  | 'documentTooLongToKeep'
  | 'emailMissing'
  | 'emailTooLong'
  | 'enterClassCode'
  | 'enterStudentName'
  | 'enterTeachersClassCode'
  | 'enterYourName'
  | 'feedbackUnder'
  | 'fieldAtLeast'
  | 'fieldAtMost'
  | 'fieldKey'
  | 'fieldMustBeNumber'
  | 'fieldTooLong'
  | 'fileEmpty'
  | 'fileHasNoStudents'
  | 'filesAtMost'
  | 'filesPerPage'
  | 'fillIn'
  | 'formAtMost'
  | 'giveItTitle'
  | 'gradeLevelFor'
  | 'helpTooLong'
  | 'iconEmoji'
  | 'iconNotUploaded'
  | 'idempotencyRequired'
  | 'idsOfFiles'
  | 'idsToDelete'
  | 'imagesInDocBot'
  | 'importAtMost'
  | 'instructionsTooLong'
  | 'instructionsUnder'
  | 'isRequired'
  | 'issuer'
  | 'keepItUnder'
  | 'keyCharacters'
  | 'keySetAddress'
  | 'keyTwice'
  | 'knowledgeAtMost'
  | 'knowledgeNotUploaded'
  | 'knowledgeTwice'
  | 'labelTheField'
  | 'labelTooLong'
  | 'largestBelowSmallest'
  | 'licenceForPlatform'
  | 'listAtMost'
  | 'listDeployments'
  | 'listNeedsOption'
  | 'messageUnder'
  | 'moreThan'
  | 'mustBeNumber'
  | 'nameNotStorable'
  | 'namePlatform'
  | 'nameTheBot'
  | 'nameTheClass'
  | 'nameTheCollection'
  | 'nameTooLong'
  | 'notAClassCode'
  | 'notAFileOfYours'
  | 'notARealDate'
  | 'notAValidIdNamed'
  | 'notAnEmail'
  | 'notAnId'
  | 'nothingToChange'
  | 'objectivesTooLong'
  | 'onOrAfterStart'
  | 'oneLabelPerOption'
  | 'oneRosterClassDeleted'
  | 'oneRosterColumn'
  | 'oneRosterDuplicate'
  | 'oneRosterEnrollmentDeleted'
  | 'oneRosterNoSections'
  | 'oneRosterNoTeacher'
  | 'oneRosterNotStudent'
  | 'oneRosterStudentDeleted'
  | 'oneRosterUnknownClass'
  | 'oneRosterUnknownUser'
  | 'optionEmpty'
  | 'optionTooLong'
  | 'optionTwice'
  | 'orderIs'
  | 'outputFormatTooLong'
  | 'pageNumber'
  | 'passwordTooLong'
  | 'passwordTooShort'
  | 'pasteAtMost'
  | 'pasteNoAddress'
  | 'pasteOneALine'
  | 'pasteRepeated'
  | 'pasteStudents'
  | 'pasteTooMany'
  | 'pendingOnlyBots'
  | 'pendingTrueFalse'
  | 'periodAtMost'
  | 'plainColumns'
  | 'plainDuplicate'
  | 'platformNameTooLong'
  | 'quizAtLeast'
  | 'quizAtMost'
  | 'quizNumber'
  | 'quizWhole'
  | 'reloadBot'
  | 'reportingGuidanceTooLong'
  | 'rosterClassNameTooLong'
  | 'rosterNotCsv'
  | 'rosterPeriodTooLong'
  | 'rosterQuoteOpen'
  | 'searchTooLong'
  | 'sectionTooLong'
  | 'singleEmoji'
  | 'sortBy'
  | 'starterEmpty'
  | 'starterTooLong'
  | 'startersAtMost'
  | 'stateMissing'
  | 'studentNameTooLong'
  | 'students'
  | 'subjectTooLong'
  | 'subjectUnder'
  | 'theAttachment'
  | 'theConversation'
  | 'theReply'
  | 'ticketSubject'
  | 'titleTheAssignment'
  | 'tokenAddress'
  | 'tooLongToSave'
  | 'tooManyRows'
  | 'trophyFor'
  | 'trophyReasonTooLong'
  | 'unitTooLong'
  | 'unstorableNul'
  | 'unstorableSurrogate'
  | 'urlHttps'
  | 'urlMissing'
  | 'urlTooLong'
  | 'validDueDate'
  | 'valueNotStorable'
  | 'welcomeTooLong'
  | 'writeMessage'
  | 'writeNote';
