import classes from './class-table.module.css';

/**
 * Placeholder rows as tall as real ones, so the page does not jump when the turmas arrive. Plain
 * spans that the body pulses together, not Mantine's Skeleton (a layer and animation each).
 */
export function LoadingRows({ count }: { count: number }) {
  return Array.from({ length: count }, (_, index) => <SkeletonRow key={index} />);
}

function SkeletonRow() {
  return (
    <tr aria-hidden>
      <td>
        <span className={classes.bone} data-shape="checkbox" />
      </td>
      <td>
        <span className={classes.bone} style={{ width: '60%' }} />
      </td>
      <td>
        <span className={classes.bone} data-shape="count" />
      </td>
      <td>
        <span className={classes.bone} style={{ width: '70%' }} />
      </td>
      <td>
        <span className={classes.bone} style={{ width: '70%' }} />
      </td>
      <td>
        {/* An invisible box the size of a row's buttons: a row is as tall loading as loaded. */}
        <span className={classes.rowAction} data-placeholder>
          {'\u00a0'}
        </span>
      </td>
    </tr>
  );
}
