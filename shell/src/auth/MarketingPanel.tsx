import { CalendarIcon, ChartIcon, LockIcon, UserIcon } from '@yoman/ui';
import styled from 'styled-components';

// The four features the sign-in page advertises (spec §1).
const FEATURES = [
  {
    icon: CalendarIcon,
    title: 'לוח שנה חכם',
    text: 'ביצועים יומיים וחישוב R-multiple אוטומטי, צבועים לפי התוצאה',
  },
  {
    icon: ChartIcon,
    title: 'ניתוח מתקדם',
    text: 'רווח והפסד מדויקים לקריפטו, מניות, פורקס וחוזים עתידיים',
  },
  {
    icon: UserIcon,
    title: 'מערכת מנטור-תלמיד',
    text: 'כלים מיוחדים למנטורים לליווי התלמידים שלהם',
  },
  {
    icon: LockIcon,
    title: 'ציון אמינות וחלון נעילה',
    text: 'חלון נעילה שמונע שינוי של נתוני עבר',
  },
] as const;

const Panel = styled.section`
  display: grid;
  align-content: center;
  gap: ${({ theme }) => theme.space[5]};
  padding: ${({ theme }) => theme.space[6]};
  background: linear-gradient(160deg, ${({ theme }) => theme.colors.surface2}, ${({ theme }) => theme.colors.bg});
  border-radius: ${({ theme }) => theme.radii.dialog};
`;

const Brand = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.h1};
`;

const Tagline = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.h3};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space[4]};
`;

const Feature = styled.li`
  display: grid;
  grid-template-columns: auto 1fr;
  gap: ${({ theme }) => theme.space[3]};
  align-items: start;
  svg {
    color: ${({ theme }) => theme.colors.accent};
  }
  h2 {
    font-size: ${({ theme }) => theme.fontSizes.body};
    font-weight: ${({ theme }) => theme.fontWeights.bold};
  }
  p {
    color: ${({ theme }) => theme.colors.textMuted};
  }
`;

/** The sign-in page's marketing side: the brand, the tagline and the four advertised features. */
export function MarketingPanel() {
  return (
    <Panel aria-labelledby="marketing-brand">
      <div>
        <Brand id="marketing-brand">יומן</Brand>
        <Tagline>יומן המסחר המתקדם</Tagline>
      </div>
      <List>
        {FEATURES.map(({ icon: FeatureIcon, title, text }) => (
          <Feature key={title}>
            <FeatureIcon size={24} />
            <div>
              <h2>{title}</h2>
              <p>{text}</p>
            </div>
          </Feature>
        ))}
      </List>
    </Panel>
  );
}
