//! Members of C# 14 extension blocks that are not instance methods: extension properties
//! (`"x".Len`) and static extension members (`string.Make()`). Instance methods of a block are
//! lowered as classic extension methods and bind as those; these keep their declared shape, and
//! their block's receiver says which values or types they extend.

use smol_str::SmolStr;

use crate::lookup;
use crate::{
    body::ExprId,
    infer::{
        Access, Callee, Ctx, Group, Val,
        conversion::{Conv, conv},
        overload::unify,
    },
    item_tree::{MemberKind, Modifiers},
    resolve::Resolver,
    symbols::{MemberId, member_ref, member_signature},
    ty::Ty,
};

impl Ctx<'_> {
    /// `receiver.name` (an instance access) or `Type.name` (`receiver` is `None`, `ty` the type)
    /// through the extension blocks in scope; `None` when no block member fits.
    pub(super) fn extension_block_member(
        &mut self,
        expr: ExprId,
        receiver: Option<&Ty>,
        ty: &Ty,
        name: &SmolStr,
        type_args: &[Ty],
        access: Access,
    ) -> Option<Val> {
        let db = self.db;
        let (namespaces, _) = self.imports();
        let members = lookup::extension_block_members(db, self.project, name, &namespaces);
        let mut fitting: Vec<(MemberId, Vec<Ty>)> = Vec::new();
        for member in members {
            let Some(data) = member_ref(db, member) else {
                continue;
            };
            let Some(block) = &data.extension else {
                continue;
            };
            let is_static = data.modifiers.contains(Modifiers::STATIC);
            if is_static != receiver.is_none() {
                continue;
            }
            let Some(resolver) = Resolver::for_member(db, member) else {
                continue;
            };
            let declared = resolver.resolve(&block.receiver.ty);
            // The block's type parameters are the member's first ones: infer them from the
            // receiver.
            let mut method_args = vec![Ty::Unknown; data.type_params.len()];
            unify(&self.sdb, &declared, ty, &mut method_args);
            let receiver_ty = declared.substitute_method(&method_args);
            let fits = match receiver {
                Some(value) => conv(&self.sdb, value, &receiver_ty) >= Conv::Implicit,
                None => receiver_ty == *ty,
            };
            if fits {
                fitting.push((member, method_args));
            }
        }
        let (first, method_args) = fitting.first().cloned()?;
        let data = member_ref(db, first)?;
        match data.kind {
            MemberKind::Method => Some(Val::Group(Group {
                name: name.clone(),
                levels: vec![(ty.clone(), fitting.iter().map(|(m, _)| *m).collect())],
                receiver: None,
                external: None,
                type_args: type_args.to_vec(),
                library: Vec::new(),
                extensions: None,
            })),
            MemberKind::Property | MemberKind::Indexer => {
                self.accessor_sites(expr, Callee::Member(first), access);
                let ty = member_signature(db, first)
                    .ty
                    .clone()
                    .unwrap_or(Ty::Unknown);
                Some(Val::Value(ty.substitute_method(&method_args)))
            }
            _ => None,
        }
    }
}
