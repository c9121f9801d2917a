import { useSearchParams } from 'react-router';
import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { PageHeading } from '../../../components/PageHeading';
import { AuditTab } from '../superdash/AuditTab';
import { CrisisLinesTab } from '../superdash/CrisisLinesTab';
import { ErrorsTab } from '../superdash/ErrorsTab';
import { OverviewTab } from '../superdash/OverviewTab';
import { PlatformsTab } from '../superdash/PlatformsTab';
import { SchoolsTab } from '../superdash/SchoolsTab';
import { useT } from '../../../lib/i18n';
import { UsersTab } from '../superdash/UsersTab';

const tabs = ['overview', 'schools', 'users', 'lti', 'crisis', 'errors', 'audit'] as const;
type TabName = (typeof tabs)[number];
const panels: Record<TabName, () => React.JSX.Element> = {
  overview: OverviewTab,
  schools: SchoolsTab,
  users: UsersTab,
  lti: PlatformsTab,
  crisis: CrisisLinesTab,
  errors: ErrorsTab,
  audit: AuditTab,
};

/**
 * superDash (`/superDash`, the support account only): totals, school licences, accounts, course
 * platforms (LTI 1.3), server errors and the audit log, a tab each (`?tab=`).
 */
export default function SuperDashPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const tab: TabName = tabs.find((name) => name === params.get('tab')) ?? 'overview';
  const Panel = panels[tab];
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto', minWidth: 0 }}>
      <PageHeading>{t('dashboards.super.title')}</PageHeading>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('dashboards.super.intro')}
      </Typography>
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_, next: TabName) => setParams(next === 'overview' ? {} : { tab: next })}
          variant="scrollable"
          scrollButtons="auto"
          allowScrollButtonsMobile
          aria-label={t('dashboards.super.tabsLabel')}
        >
          {tabs.map((name) => (
            <Tab
              key={name}
              value={name}
              label={t(`dashboards.super.tabs.${name}`)}
              id={`superdash-tab-${name}`}
              aria-controls={`superdash-panel-${name}`}
            />
          ))}
        </Tabs>
      </Box>
      <Box role="tabpanel" id={`superdash-panel-${tab}`} aria-labelledby={`superdash-tab-${tab}`}>
        <Panel />
      </Box>
    </Box>
  );
}
