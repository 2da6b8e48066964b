import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import { firstNumber } from '../lib/format';
import { useAdminApi } from './admin.api';
import { adminKeys } from './keys';

/** The issue a route names (`:year/:vol/:issue`) and the read of its articles, once the three are numbers. */
export function useRouteIssue() {
  const adminApi = useAdminApi();
  const params = useParams();
  const year = firstNumber(params.year);
  const volume = firstNumber(params.vol);
  const issue = firstNumber(params.issue);
  const query = useQuery({
    queryKey: adminKeys.issue(year, volume, issue),
    queryFn: () => adminApi.issueArticles(year, volume, issue),
    enabled: [year, volume, issue].every(Number.isFinite),
  });
  return { year, volume, issue, query };
}
