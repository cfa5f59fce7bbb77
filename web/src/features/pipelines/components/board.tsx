import type { BoardView, DealView } from '@atende/shared/contracts/pipelines/deal-views';
import { ptBR } from '@atende/shared/i18n/pt-BR';
import { interpolate, plural } from '@atende/shared/i18n/interpolate';
import {
  type Announcements,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Card, Empty, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { formatBRL, formatDuration } from '../state/money.ts';

const t = ptBR.pipelines.screens;

interface BoardProps {
  board: BoardView;
  ownerName: (id: string | null) => string;
  onOpen: (deal: DealView) => void;
  onMove: (deal: DealView, stage: string) => void;
}

function DealCard({
  deal,
  ownerName,
  onOpen,
}: {
  deal: DealView;
  ownerName: BoardProps['ownerName'];
  onOpen: BoardProps['onOpen'];
}) {
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: deal._id,
    data: { deal },
  });
  const entered = deal.history.at(-1)?.entered_at ?? deal.created_at;
  return (
    <Card
      ref={setNodeRef}
      size="small"
      hoverable
      data-testid="deal-card"
      data-deal={deal._id}
      style={{
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        opacity: isDragging ? 0.6 : 1,
        zIndex: isDragging ? 10 : undefined,
        cursor: 'grab',
      }}
      onClick={() => onOpen(deal)}
      {...attributes}
      {...listeners}
      aria-roledescription={t.dragHint}
    >
      <Typography.Text strong>{deal.title}</Typography.Text>
      <div>{deal.customer.full_name}</div>
      <Flex justify="space-between" wrap gap={4}>
        <Typography.Text>{formatBRL(deal.value)}</Typography.Text>
        <Typography.Text type="secondary" title={t.timeInStage}>
          {formatDuration(entered, null)}
        </Typography.Text>
      </Flex>
      <Typography.Text type="secondary">{ownerName(deal.owner)}</Typography.Text>
    </Card>
  );
}

function Column({
  column,
  pipelineId,
  children,
}: {
  column: BoardView['stages'][number];
  pipelineId: string;
  children: React.ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id: column.stage._id });
  return (
    <div
      ref={setNodeRef}
      data-testid="stage-column"
      data-stage={column.stage._id}
      aria-label={column.stage.name}
      style={{
        minWidth: 260,
        maxWidth: 300,
        flex: '0 0 260px',
        background: isOver ? 'rgba(22,119,255,0.08)' : 'rgba(0,0,0,0.03)',
        borderRadius: 8,
        padding: 8,
      }}
    >
      <Flex vertical gap={2} style={{ marginBottom: 8 }}>
        <Link to={`/app/pipelines/stage/${pipelineId}/${column.stage._id}`}>
          <Typography.Text strong>{column.stage.name}</Typography.Text> ({column.stage.probability}%)
        </Link>
        <Typography.Text type="secondary" data-testid="stage-count">
          {plural(t.deals, column.count)}
        </Typography.Text>
        <Typography.Text data-testid="stage-total">
          {t.total}: {formatBRL(column.total)}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t.weighted}: {formatBRL(column.weighted)}
        </Typography.Text>
      </Flex>
      <Flex vertical gap={8}>
        {children}
        {column.count === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t.emptyStage} />}
        {column.more && <Tag>{t.more}</Tag>}
      </Flex>
    </div>
  );
}

/**
 * The kanban. @dnd-kit/core gives pointer and keyboard dragging (space to lift, arrows to move, space to
 * drop) with screen-reader announcements; the move is saved through the API and the board refetches.
 */
export function Board({ board, ownerName, onOpen, onMove }: BoardProps) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  const stageName = (id: string | number | undefined) =>
    board.pipeline.stages.find((stage) => stage._id === id)?.name ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) => `${(active.data.current?.deal as DealView | undefined)?.title ?? ''}`,
    onDragOver: ({ over }) => (over ? stageName(over.id) : ''),
    onDragEnd: ({ over }) => (over ? interpolate(t.movedTo, { stage: stageName(over.id) }) : ''),
    onDragCancel: () => '',
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const deal = active.data.current?.deal as DealView | undefined;
    if (!deal || !over || over.id === deal.stage) return;
    onMove(deal, String(over.id));
  };
  return (
    <DndContext
      sensors={sensors}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t.dragHint } }}
    >
      <Flex gap={12} style={{ overflowX: 'auto', paddingBottom: 8 }} data-testid="board">
        {board.stages.map((column) => (
          <Column key={column.stage._id} column={column} pipelineId={board.pipeline._id}>
            {column.deals.map((deal) => (
              <DealCard key={deal._id} deal={deal} ownerName={ownerName} onOpen={onOpen} />
            ))}
          </Column>
        ))}
      </Flex>
    </DndContext>
  );
}
