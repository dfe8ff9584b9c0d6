// Hebrew messages the schemas, the services and the screens share; plain values, so a screen can import them
// without zod (the package's './constants' entry).

/** Hebrew validation messages used inside the schemas, for reuse by forms and the services. */
export const VALIDATION_MESSAGES = {
  required: 'שדה חובה',
  invalidEmail: 'אימייל לא תקין',
  passwordTooShort: 'הסיסמה חייבת להכיל לפחות 8 תווים',
  invalidNumber: 'יש להזין מספר',
  positiveNumber: 'יש להזין מספר גדול מאפס',
  nonNegativeNumber: 'יש להזין מספר שאינו שלילי',
  tooManyDecimals: 'עד 8 ספרות אחרי הנקודה',
  numberTooLarge: 'המספר גדול מדי',
  invalidDate: 'תאריך לא תקין',
  invalidDateTime: 'תאריך ושעה לא תקינים',
  dateOutOfRange: 'התאריך מחוץ לטווח (משנת 1970 ואילך)',
  invalidCharacters: 'הטקסט מכיל תווים שאינם תקינים',
  invalidChoice: 'ערך לא תקין',
  invalidSymbol: 'סמל לא תקין',
  exitBeforeEntry: 'זמן היציאה חייב להיות אחרי זמן הכניסה',
  tooLong: 'הטקסט ארוך מדי',
  invalidInviteCode: 'קוד הזמנה לא תקין',
  invalidId: 'מזהה לא תקין',
  nothingToUpdate: 'לא נשלח שום שינוי',
  invalidIdempotencyKey: 'מפתח השמירה אינו תקין',
} as const;

/** The Hebrew toasts of the setups screen (spec §8), and the restore the spec does not show. */
export const SETUP_MESSAGES = {
  created: 'הסטאפ נוצר בהצלחה',
  createFailed: 'שגיאה ביצירת הסטאפ',
  updated: 'הסטאפ עודכן בהצלחה',
  updateFailed: 'שגיאה בעדכון הסטאפ',
  archived: 'הסטאפ הועבר לארכיון',
  archiveFailed: 'שגיאה בהעברת הסטאפ לארכיון',
  restored: 'הסטאפ שוחזר מהארכיון',
  restoreFailed: 'שגיאה בשחזור הסטאפ',
} as const;
