import type { SetupInput, SetupTypeValue } from '@yoman/contracts';
import type { FastifyInstance } from 'fastify';

/** A library setup of the demo, with the built-in setup its trades are logged under. */
export interface DemoSetup {
  builtIn: SetupTypeValue;
  form: SetupInput;
}

const TEMPLATES: readonly DemoSetup[] = [
  {
    builtIn: 'breakout',
    form: {
      name: 'פריצת טווח אסיה',
      smcContext: 'איסוף נזילות מעל שיא הטווח לפני פתיחת לונדון',
      description: 'פריצה של טווח אסיה בפתיחת לונדון, בכיוון המגמה היומית',
      entryRules: 'נר 15 דקות נסגר מחוץ לטווח\nכניסה בבדיקה חוזרת של קצה הטווח',
      exitRules: 'יעד ראשון 2R, יתרה עד סגירת לונדון\nסטופ מתחת לאמצע הטווח',
      checklist: ['טווח אסיה ברור', 'מגמה יומית תומכת', 'אין חדשות בשעה הקרובה'],
    },
  },
  {
    builtIn: 'pullback',
    form: {
      name: 'פולבק לאזור ביקוש',
      smcContext: 'חזרה ל־order block אחרי שבירת מבנה',
      description: 'כניסה בתיקון לאזור ביקוש שיצר את שבירת המבנה האחרונה',
      entryRules: 'שבירת מבנה ב־H1\nחזרה לאזור ה־order block\nנר דחייה ב־M5',
      exitRules: 'יעד בשיא הקודם\nסטופ מתחת לאזור',
      checklist: ['שבירת מבנה מאושרת', 'אזור לא נבדק קודם', 'יחס סיכוי־סיכון 1:2 לפחות'],
    },
  },
  {
    builtIn: 'support',
    form: {
      name: 'היפוך בתמיכה יומית',
      smcContext: 'סריקת נזילות מתחת לשפל יומי וחזרה לטווח',
      description: 'קנייה אחרי סריקה של תמיכה יומית וסגירה חזרה מעליה',
      entryRules: 'נר סוגר מעל התמיכה אחרי הסריקה',
      exitRules: 'יעד באמצע הטווח היומי\nסטופ מתחת לשפל הסריקה',
      checklist: ['תמיכה יומית מסומנת', 'סריקה ברורה'],
    },
  },
  {
    builtIn: 'pattern',
    form: {
      name: 'דגל המשך',
      smcContext: 'התכנסות אחרי תנועה חזקה, בלי שבירת מבנה נגדית',
      description: 'פריצת דגל בכיוון התנועה שקדמה לו',
      entryRules: 'פריצת קו הדגל עם נפח עולה',
      exitRules: 'יעד באורך התורן\nסטופ מעבר לצד השני של הדגל',
      checklist: ['תורן חד', 'דגל של 5 נרות לפחות', ''],
    },
  },
];

/** Three or four setups a student keeps, by their place in the demo (every other student has four). */
export function demoSetupsOf(student: number): DemoSetup[] {
  const count = 3 + (student % 2);
  return Array.from(
    { length: count },
    (_, index) => TEMPLATES[(student + index) % TEMPLATES.length] as DemoSetup,
  );
}

/**
 * Creates a student's demo setups through the API and answers the id to name on a trade of each built-in
 * setup; a trade of a built-in setup without one of these stays on the built-in setup alone.
 */
export async function createDemoSetups(
  app: FastifyInstance,
  cookie: string,
  student: number,
): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const setup of demoSetupsOf(student)) {
    const response = await app.inject({
      method: 'POST',
      url: '/api/setups',
      headers: { cookie },
      payload: setup.form,
    });
    if (response.statusCode !== 201) {
      throw new Error(`demo: POST /api/setups answered ${response.statusCode}: ${response.body}`);
    }
    ids.set(setup.builtIn, (response.json() as { id: string }).id);
  }
  return ids;
}
