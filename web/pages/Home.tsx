import { greeting } from '@shared/texts';
import { useQuery } from '@tanstack/react-query';
import { Navigate } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { useAuth } from '../lib/auth';
import { api } from '../lib/client';

/**
 * Spec 2.4, the signed-in home: a spinner with a welcome line, then an attorney without a complete
 * master LPQ goes to /attorney/master-lpq, one with a complete one to /attorney/dashboard, a firm to
 * /firm/dashboard.
 */
export default function Home() {
  const { user } = useAuth();
  const isAttorney = user?.userType === 'attorney';
  const masterLpq = useQuery({
    queryKey: ['/api/attorney/master-lpq'],
    // No master LPQ yet (404) or no answer: start the attorney on it.
    queryFn: () => api('GET /api/attorney/master-lpq').catch(() => null),
    enabled: isAttorney,
  });
  if (!user) return <FullPageSpinner />;
  if (user.userType === 'firm') return <Navigate to="/firm/dashboard" replace />;
  if (!isAttorney) return <FullPageSpinner label={`Welcome, ${user.firstName}`} />;
  if (masterLpq.isLoading) return <FullPageSpinner label={`${greeting(user)}…`} />;
  return (
    <Navigate to={masterLpq.data?.isComplete ? '/attorney/dashboard' : '/attorney/master-lpq'} replace />
  );
}
