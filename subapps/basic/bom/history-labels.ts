import type { TFunction } from 'i18next';
import type { BomTree, BomTreeNode } from '../../../model/bom';
import type { HistoryLabels } from '../../kit/history/values';

/** A BOM line's History: its fields' labels, and the materials and units of the tree by their codes. */
export function bomHistoryLabels(t: TFunction, tree: BomTree): HistoryLabels {
  const materials: Record<string, string> = { [tree.material.id]: tree.material.code };
  const units: Record<string, string> = {};
  const walk = (nodes: BomTreeNode[]) =>
    nodes.forEach((n) => {
      materials[n.component.id] = n.component.code;
      if (n.dosageUnitId && n.dosageUnitCode) units[n.dosageUnitId] = n.dosageUnitCode;
      walk(n.children);
    });
  walk(tree.children);
  const parent = t('model:bom.parent');
  const component = t('model:bom.component');
  return {
    fields: {
      parentId: parent,
      parentMaterialId: parent,
      componentId: component,
      componentMaterialId: component,
      lineNo: t('model:bom.lineNo'),
      dosage: t('model:bom.dosage'),
      dosageUnitId: t('model:bom.dosageUnit'),
      dosageUnitCode: t('model:bom.dosageUnit'),
      lossRate: t('model:bom.lossRate'),
      priority: t('model:bom.priority'),
      ecnNumber: t('model:bom.ecnNumber'),
    },
    // The server keeps the unit's code beside its id: the code is what a reader wants.
    hidden: ['dosageUnitId'],
    values: {
      parentId: materials,
      parentMaterialId: materials,
      componentId: materials,
      componentMaterialId: materials,
      dosageUnitId: units,
    },
  };
}
