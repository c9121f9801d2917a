import Box from '@mui/material/Box';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';

/** The product's name: the same in every language. */
const productName = 'ClassBots';

/** The ClassBots mark and name; the name hides on the narrowest screens when asked. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, fontWeight: 700, fontSize: '1.25rem' }}>
      <SmartToyOutlined aria-hidden sx={{ fontSize: 28 }} />
      <Box component="span" sx={compact ? { display: { xs: 'none', sm: 'inline' } } : undefined}>
        {productName}
      </Box>
    </Box>
  );
}
