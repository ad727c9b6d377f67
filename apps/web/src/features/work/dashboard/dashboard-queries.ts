import { useQuery } from '@tanstack/react-query';
import { entityKeys } from '../../../api/query-keys';
import { dashboardApi } from './dashboard-api';

/** The dashboard data layer: one answer for the caller (projects, open items, trends). */
const keys = entityKeys<never>('work', 'dashboard');
export const dashboardKeys = { ...keys, mine: () => [...keys.all, 'mine'] as const, attention: () => [...keys.all, 'attention'] as const };

export const useDashboard = () => useQuery({ queryKey: dashboardKeys.mine(), queryFn: dashboardApi.get });

/** "Needs you": the lead's panels (approvals, reviews, overdue tasks, failed publishes and deliveries). */
export const useAttention = () => useQuery({ queryKey: dashboardKeys.attention(), queryFn: dashboardApi.attention });
