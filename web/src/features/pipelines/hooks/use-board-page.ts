import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { BoardFilters } from '../api/pipelines-api.ts';
import { useBoard, useEmployees, useFunnelLive, usePipelines } from './use-funnel.ts';

/** The board screen's state: the selected pipeline (from the route), filters, the open deal and names. */
export function useBoardPage() {
  useFunnelLive();
  const { pipeline_selected: selected } = useParams();
  const navigate = useNavigate();
  const pipelines = usePipelines();
  const current = pipelines.data?.find((pipeline) => pipeline._id === selected) ?? pipelines.data?.[0];
  const [filters, setFilters] = useState<BoardFilters>({});
  const board = useBoard(current?._id, filters);
  const employees = useEmployees().data;
  const names = useMemo(
    () => new Map((employees ?? []).map((employee) => [employee._id, employee.name])),
    [employees],
  );
  return {
    pipelines,
    current,
    board,
    filters,
    setFilters,
    employees: employees ?? [],
    ownerName: (id: string | null) => (id ? (names.get(id) ?? '') : ''),
    select: (id: string) => navigate(`/app/pipelines/main/${id}`),
  };
}
