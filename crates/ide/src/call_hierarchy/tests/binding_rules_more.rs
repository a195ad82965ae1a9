//! More binding rules, each measured wrong on a real library or known from the C# spec and checked
//! against the compiler: members of a type parameter through the framework base of its source
//! bound (§12.8.7, SharpCompress).

use expect_test::expect;

use super::check_outgoing;

#[test]
fn a_type_parameter_reaches_the_framework_base_of_its_source_bound() {
    check_outgoing(
        r#"
using System;
using System.Collections.Generic;
namespace N
{
    public interface IVolume : IDisposable { }
    public interface IReader { int Read(); }
    public class Chunk : IReader { public int Read() { return 0; } }
    public abstract class A<TVolume, TChunk> : IDisposable where TVolume : IVolume where TChunk : Chunk, IComparable
    {
        private readonly List<TVolume> volumes = new List<TVolume>();
        public virtual void Dispose() { }
        void Use$0(TVolume v, TChunk c)
        {
            v.Dispose();
            volumes.ForEach(x => x.Dispose());
            c.CompareTo(null);
            c.Read();
        }
    }
}
"#,
        expect![[r#"
            external System.IDisposable.Dispose [Call, Call]
            external System.Collections.Generic.List.ForEach [Call]
            external System.IComparable.CompareTo [Call]
            M:N.Chunk.Read [Call]
            coverage 5/5/0/0
        "#]],
    );
}
